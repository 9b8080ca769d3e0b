// The C# binding of edax-kernels: its P/Invoke declarations.
//
// Binding the declarations to the copy loaded. A DllImport names its library by a constant,
// which the runtime resolves when it binds the declaration (Mono: when it compiles a call to it):
// - Linux: Imports names the library's SONAME, libedax_kernels.so.0.1. Library.Load dlopens the
//   chosen file globally, and glibc resolves that name to it whatever its path.
// - Windows: a module is known by its file's base name. Library.Load loads the chosen file with
//   LoadLibraryEx and checks that it is the process's edax_kernels.dll (so a path must end in
//   edax_kernels.dll); the name edax_kernels.dll then resolves to that module. Its declarations
//   carry [DefaultDllImportSearchPaths] without AssemblyDirectory, so that .NET Framework does
//   not first load another copy beside the assembly; on .NET (Core) 3 and later, which looks in
//   the application's native asset folders first, Load also registers a DllImportResolver
//   (through reflection: not in net45) returning the module. (Mono on Windows looks in the
//   assembly's directory first whatever the attribute: there, a copy of edax_kernels.dll beside
//   the assembly wins over another one loaded by explicit path or EDAX_KERNELS_LIB.)
// The Windows declarations, class WinImports, are Imports with the other library name. They are
// not written by hand: gen-windows.sh generates them (with WinNative, below) from Imports into
// EdaxKernels.Windows.g.cs, which pack.sh and bindings/test.sh compile with the files of src/ (a
// build from source: `gen-windows.sh W.cs && mcs -target:library src/*.cs W.cs`). Each method of
// Native (Native.cs) calls `Platform.Windows ? WinNative.f(...) : Imports.f(...)`. Platform.Windows is a
// static readonly field of a class that Library.Load initializes before any Native method is
// compiled, and Mono's JIT compiles such a field as its value and drops the dead branch: on Linux
// a Native method compiles to the instructions of the direct call to Imports (the same machine
// code as before Windows support; the argument-less ones keep a dead `xor eax,eax; test
// eax,eax`): no per-call cost. WinNative holds non-inlined forwarders to WinImports, so that no
// call to a WinImports declaration is ever compiled on Linux: Mono looks a declaration's library
// up when it compiles a call to it, dead branch or not, and its variants of edax_kernels.dll
// include libedax_kernels.so, which could load a second copy. (On Windows a call costs a test
// and one more managed call.)

using System;
using System.Runtime.InteropServices;

namespace EdaxKernels
{
    /// <summary>
    /// The ek_ functions, declared for P/Invoke: the one list. gen-windows.sh makes WinImports
    /// (for Windows) and WinNative from it, one declaration a line as here.
    /// </summary>
    static class Imports
    {
        // The library's SONAME: Library.Load opens it globally, and glibc then resolves this
        // name to that copy whatever its path (the tests load it by path to check this).
        const string Lib = "libedax_kernels.so.0.1";
        const CallingConvention C = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = C)] internal static extern IntPtr ek_status_message(int status);
        [DllImport(Lib, CallingConvention = C)] internal static extern IntPtr ek_version();
        [DllImport(Lib, CallingConvention = C)] internal static extern IntPtr ek_isa();
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_isa_supported(string name);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_set_isa(string name);
        [DllImport(Lib, CallingConvention = C)] internal static extern ulong ek_flip(int x, ulong p, ulong o);
        [DllImport(Lib, CallingConvention = C)] internal static extern ulong ek_board_next(ref Board board, int x, out Board next);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_count_last_flip(int x, ulong p);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_board_score_1(ref Board board, int beta, int x);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_board_score_1_exact(ref Board board, int x);
        [DllImport(Lib, CallingConvention = C)] internal static extern ulong ek_get_moves(ulong p, ulong o);
        [DllImport(Lib, CallingConvention = C)] [return: MarshalAs(UnmanagedType.I1)] internal static extern bool ek_can_move(ulong p, ulong o);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_get_mobility(ulong p, ulong o);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_get_weighted_mobility(ulong p, ulong o);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_get_potential_mobility(ulong p, ulong o);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_get_stability(ulong p, ulong o);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_get_edge_stability(ulong p, ulong o);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_get_corner_stability(ulong p);
        [DllImport(Lib, CallingConvention = C)] internal static extern ulong ek_board_get_hash_code(ref Board board);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_board_symetry(ref Board board, int s, out Board sym);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_board_unique(ref Board board, out Board unique);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_bit_count(ulong b);
        [DllImport(Lib, CallingConvention = C)] internal static extern ulong ek_perft(ulong p, ulong o, int depth);
        [DllImport(Lib, CallingConvention = C)] internal static extern ulong ek_perft_terminal(ulong p, ulong o, int depth);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_flip_batch(UIntPtr n, int[] xs, ulong[] ps, ulong[] os, [Out] ulong[] result);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_board_next_batch(UIntPtr n, int[] xs, ulong[] ps, ulong[] os, [Out] ulong[] nextPs, [Out] ulong[] nextOs);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_count_last_flip_batch(UIntPtr n, int[] xs, ulong[] ps, [Out] int[] result);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_get_moves_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] ulong[] result);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_get_mobility_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] int[] result);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_get_stability_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] int[] result);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_board_get_hash_code_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] ulong[] result);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_load_file(byte[] path);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_load_buffer(byte[] data, UIntPtr len);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_load_default();
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_loaded();
        [DllImport(Lib, CallingConvention = C)] internal static extern void ek_eval_unload();
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_init(ref EvalState eval);
        [DllImport(Lib, CallingConvention = C)] internal static extern void ek_eval_free(ref EvalState eval);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_set(ref EvalState eval, ref Board board);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_update(ref EvalState eval, ref Move move);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_restore(ref EvalState eval);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_pass(ref EvalState eval);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_eval_accumulate_checked(ref EvalState eval, out int sum);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solve_shallow(ref Board board, int alpha, ref long nodes);
        [DllImport(Lib, CallingConvention = C)] internal static extern SolverHandle ek_solver_new(int hashBits);
        [DllImport(Lib, CallingConvention = C)] internal static extern void ek_solver_free(IntPtr solver);
        [DllImport(Lib, CallingConvention = C)] internal static extern void ek_solver_stop(SolverHandle solver);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_set_node_limit(SolverHandle solver, ulong maxNodes);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_set_threads(SolverHandle solver, int nThreads);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_get_threads(SolverHandle solver);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_set_eval(SolverHandle solver, int useEval);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_get_eval(SolverHandle solver);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_clear(SolverHandle solver);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_solve(SolverHandle solver, ref Board board, int alpha, int beta, out SolveResult result);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_solve_batch(SolverHandle solver, UIntPtr n, ulong[] players, ulong[] opponents, [Out] int[] scores, [Out] int[] bestMoves);
        [DllImport(Lib, CallingConvention = C)] internal static extern WeightsHandle ek_weights_load_file(byte[] path, out int status);
        [DllImport(Lib, CallingConvention = C)] internal static extern WeightsHandle ek_weights_load_buffer(byte[] data, UIntPtr len, out int status);
        [DllImport(Lib, CallingConvention = C)] internal static extern WeightsHandle ek_weights_load_default(out int status);
        [DllImport(Lib, CallingConvention = C)] internal static extern void ek_weights_free(IntPtr weights);
        [DllImport(Lib, CallingConvention = C)] internal static extern EngineHandle ek_engine_new(WeightsHandle weights, int hashBits);
        [DllImport(Lib, CallingConvention = C)] internal static extern void ek_engine_free(IntPtr engine);
        [DllImport(Lib, CallingConvention = C)] internal static extern void ek_engine_stop(EngineHandle engine);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_engine_clear(EngineHandle engine);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_engine_set_threads(EngineHandle engine, int nThreads);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_engine_get_threads(EngineHandle engine);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_engine_search(EngineHandle engine, ref Board board, ref EngineLimits limits, out EngineResultNative result);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_engine_analyze(EngineHandle engine, ref Board board, ref EngineLimits limits, [Out] MoveScore[] moves, out int nMoves);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_solve_many(SolverHandle solver, UIntPtr n, ulong[] players, ulong[] opponents, int alpha, int beta, [Out] int[] scores, [Out] int[] bestMoves, [Out] ulong[] nodes, [Out] int[] status);
        [DllImport(Lib, CallingConvention = C)] internal static extern BookHandle ek_book_new(int level, int nEmpties);
        [DllImport(Lib, CallingConvention = C)] internal static extern BookHandle ek_book_load(byte[] path, out int status, [Out] byte[] message, UIntPtr messageSize);
        [DllImport(Lib, CallingConvention = C)] internal static extern BookHandle ek_book_import(byte[] path, out int status, [Out] byte[] message, UIntPtr messageSize);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_book_save(BookHandle book, byte[] path, int year, int month, int day, int hour, int minute, int second);
        [DllImport(Lib, CallingConvention = C)] internal static extern void ek_book_free(IntPtr book);
        [DllImport(Lib, CallingConvention = C)] internal static extern long ek_book_size(BookHandle book);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_book_probe(BookHandle book, ref Board board, out BookEntry entry);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_book_moves(BookHandle book, ref Board board, [Out] int[] moves, [Out] int[] scores, int capacity);
        [DllImport(Lib, CallingConvention = C)] internal static extern void ek_book_seed(BookHandle book, ulong seed);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_book_random_move(BookHandle book, ref Board board, int randomness, out int move, out int score);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_book_line(BookHandle book, ref Board board, int first, [Out] int[] line, int capacity);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_book_game_stats(BookHandle book, ref Board board, [Out] ulong[] stats);
        [DllImport(Lib, CallingConvention = C)] internal static extern long ek_book_info(BookHandle book, [Out] byte[] buf, UIntPtr size);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_book_export(BookHandle book, byte[] path);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_book_merge(BookHandle dest, BookHandle src);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_book_negamax(BookHandle book);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_engine_play(EngineHandle engine, BookHandle book, ref BookUse usage, ref Board board, ref EngineLimits limits, out PlayResultNative result);
    }
}
