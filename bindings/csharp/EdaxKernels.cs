// C# binding of edax-kernels (include/edax_kernels.h) through P/Invoke.
//
// Finding the library: Library.Load(path) with an explicit path; else the path in the
// environment variable EDAX_KERNELS_LIB; else the copy the NuGet package installed beside this
// assembly (see Library.Packaged); else libedax_kernels.so on the system search path
// (LD_LIBRARY_PATH, the linker cache, /usr/lib). The first use of Kernels loads it (the
// default way unless Library.Load came first); a library that cannot be found raises an
// EdaxKernelsException saying which ways were tried.
//
// Conventions as in C: A1 = bit 0 ... H8 = bit 63, Board.Player is the side to move.

using System;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace EdaxKernels
{
    /// <summary>An Othello position seen from the side to move (the C EkBoard).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Board : IEquatable<Board>
    {
        /// <summary>Discs of the side to move.</summary>
        public ulong Player;
        /// <summary>Discs of the other side.</summary>
        public ulong Opponent;

        public Board(ulong player, ulong opponent)
        {
            Player = player;
            Opponent = opponent;
        }

        /// <summary>The start position, black to move.</summary>
        public static readonly Board Start = new Board(0x0000000810000000UL, 0x0000001008000000UL);

        public bool Equals(Board other) { return Player == other.Player && Opponent == other.Opponent; }
        public override bool Equals(object obj) { return obj is Board && Equals((Board)obj); }
        public override int GetHashCode() { return (Player ^ (Opponent * 31)).GetHashCode(); }
        public override string ToString() { return string.Format("Board({0:x16}, {1:x16})", Player, Opponent); }
    }

    /// <summary>The C EkEval (Edax's Eval): features of the current line, side and ply.</summary>
    [StructLayout(LayoutKind.Sequential)]
    struct EvalState
    {
        public IntPtr Feature;
        public int Player;
        public int Ply;
    }

    /// <summary>The C EkMove (Edax's Move): what eval_update reads is X and Flipped.</summary>
    [StructLayout(LayoutKind.Sequential)]
    struct Move
    {
        public IntPtr Next;
        public ulong Flipped;
        public int X;
        public int Score;
        public uint Cost;
    }

    /// <summary>A solve's outcome (the C EkSolveResult).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct SolveResult
    {
        /// <summary>The final score for the side to move (exact inside the window, else a bound on the side it falls).</summary>
        public readonly int Score;
        /// <summary>A square giving Score; Kernels.Pass when the side to move must pass, Kernels.NoMove when the game is over.</summary>
        public readonly int BestMove;
        /// <summary>Nodes searched.</summary>
        public readonly ulong Nodes;

        public SolveResult(int score, int bestMove, ulong nodes)
        {
            Score = score;
            BestMove = bestMove;
            Nodes = nodes;
        }

        public override string ToString() { return string.Format("SolveResult({0}, {1}, {2})", Score, BestMove, Nodes); }
    }

    /// <summary>An EkSolver: freed once, after the native calls using it have returned.</summary>
    sealed class SolverHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        internal SolverHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.ek_solver_free(handle);
            return true;
        }
    }

    /// <summary>An error reported by the library (a status code) or by loading it.</summary>
    public class EdaxKernelsException : Exception
    {
        /// <summary>The EK_* status code (0 when the library could not be loaded).</summary>
        public int Status { get; private set; }

        public EdaxKernelsException(string message, int status = 0) : base(message) { Status = status; }
    }

    /// <summary>Loads libedax_kernels.so, once per process.</summary>
    public static class Library
    {
        /// <summary>The environment variable naming the library's path.</summary>
        public const string EnvVar = "EDAX_KERNELS_LIB";
        /// <summary>The file name searched on the system search path.</summary>
        public const string FileName = "libedax_kernels.so";

        const int RTLD_NOW = 2, RTLD_GLOBAL = 0x100;
        static readonly object Gate = new object();

        /// <summary>Where the library was loaded from (null before loading).</summary>
        public static string LoadedFrom { get; private set; }

        [DllImport("libdl.so.2")]
        static extern IntPtr dlopen(string file, int flags);

        [DllImport("libdl.so.2")]
        static extern IntPtr dlerror();

        /// <summary>
        /// Loads the library from <paramref name="path"/>, or, when it is null, from
        /// EDAX_KERNELS_LIB, else the NuGet package's copy, else the system search path. Must
        /// come before the first use of Kernels to take effect; loading again from the same
        /// place does nothing.
        /// </summary>
        public static void Load(string path = null)
        {
            lock (Gate)
            {
                string how;
                string target = Choose(path, out how);
                if (LoadedFrom != null)
                {
                    if (LoadedFrom == target) return;
                    throw new EdaxKernelsException("edax_kernels: already loaded from " + LoadedFrom + ", cannot load " + target);
                }
                // Opened globally under its soname, so that the P/Invoke declarations, resolved
                // when the methods calling them are compiled, bind to this copy.
                if (dlopen(target, RTLD_NOW | RTLD_GLOBAL) == IntPtr.Zero)
                {
                    string why = Marshal.PtrToStringAnsi(dlerror());
                    throw new EdaxKernelsException(string.Format(
                        "edax_kernels: cannot load the library {0} ({1}): {2}. Pass its path to Library.Load, " +
                        "set {3} to its path, use the EdaxKernels NuGet package (linux-x64), or put {4} on the " +
                        "library search path (LD_LIBRARY_PATH).",
                        target, how, why, EnvVar, FileName));
                }
                LoadedFrom = target;
            }
        }

        static string Choose(string path, out string how)
        {
            if (path != null) { how = "explicit path"; return path; }
            string env = Environment.GetEnvironmentVariable(EnvVar);
            if (!string.IsNullOrEmpty(env)) { how = EnvVar; return env; }
            string packaged = Packaged();
            if (packaged != null) { how = "NuGet package"; return packaged; }
            how = "system search path";
            return FileName;
        }

        /// <summary>
        /// The library the NuGet package put beside this assembly, or null: in the assembly's
        /// directory (a .NET Framework or Mono build's output, where the package's build targets
        /// copy it), in runtimes/linux-x64/native/ below it (a dotnet build's output), or in the
        /// package's own runtimes/linux-x64/native/ (the assembly used from the package's lib/net45/).
        /// </summary>
        static string Packaged()
        {
            string location = typeof(Library).Assembly.Location;
            if (string.IsNullOrEmpty(location)) return null;
            string dir = Path.GetDirectoryName(location);
            string native = Path.Combine("runtimes", "linux-x64", "native", FileName);
            foreach (string candidate in new[] { Path.Combine(dir, FileName), Path.Combine(dir, native), Path.Combine(dir, "..", "..", native) })
            {
                if (File.Exists(candidate)) return Path.GetFullPath(candidate);
            }
            return null;
        }

        internal static void EnsureLoaded()
        {
            lock (Gate)
            {
                if (LoadedFrom == null) Load();
            }
        }
    }

    /// <summary>The ek_ functions, declared for P/Invoke.</summary>
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
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_clear(SolverHandle solver);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_solve(SolverHandle solver, ref Board board, int alpha, int beta, out SolveResult result);
        [DllImport(Lib, CallingConvention = C)] internal static extern int ek_solver_solve_batch(SolverHandle solver, UIntPtr n, ulong[] players, ulong[] opponents, [Out] int[] scores, [Out] int[] bestMoves);
    }

    /// <summary>
    /// The ek_ functions, each behind one non-inlined call. Mono binds a P/Invoke declaration
    /// when it compiles a method calling it; the first Kernels method called is compiled before
    /// Kernels' static constructor loads the library, so it must not call Imports directly.
    /// </summary>
    static class Native
    {
        [MethodImpl(MethodImplOptions.NoInlining)] internal static IntPtr ek_status_message(int status) { return Imports.ek_status_message(status); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static IntPtr ek_version() { return Imports.ek_version(); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static IntPtr ek_isa() { return Imports.ek_isa(); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_isa_supported(string name) { return Imports.ek_isa_supported(name); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_set_isa(string name) { return Imports.ek_set_isa(name); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_flip(int x, ulong p, ulong o) { return Imports.ek_flip(x, p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_board_next(ref Board board, int x, out Board next) { return Imports.ek_board_next(ref board, x, out next); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_count_last_flip(int x, ulong p) { return Imports.ek_count_last_flip(x, p); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_score_1(ref Board board, int beta, int x) { return Imports.ek_board_score_1(ref board, beta, x); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_score_1_exact(ref Board board, int x) { return Imports.ek_board_score_1_exact(ref board, x); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_get_moves(ulong p, ulong o) { return Imports.ek_get_moves(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static bool ek_can_move(ulong p, ulong o) { return Imports.ek_can_move(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_mobility(ulong p, ulong o) { return Imports.ek_get_mobility(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_weighted_mobility(ulong p, ulong o) { return Imports.ek_get_weighted_mobility(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_potential_mobility(ulong p, ulong o) { return Imports.ek_get_potential_mobility(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_stability(ulong p, ulong o) { return Imports.ek_get_stability(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_edge_stability(ulong p, ulong o) { return Imports.ek_get_edge_stability(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_corner_stability(ulong p) { return Imports.ek_get_corner_stability(p); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_board_get_hash_code(ref Board board) { return Imports.ek_board_get_hash_code(ref board); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_symetry(ref Board board, int s, out Board sym) { return Imports.ek_board_symetry(ref board, s, out sym); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_unique(ref Board board, out Board unique) { return Imports.ek_board_unique(ref board, out unique); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_bit_count(ulong b) { return Imports.ek_bit_count(b); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_perft(ulong p, ulong o, int depth) { return Imports.ek_perft(p, o, depth); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_perft_terminal(ulong p, ulong o, int depth) { return Imports.ek_perft_terminal(p, o, depth); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_flip_batch(UIntPtr n, int[] xs, ulong[] ps, ulong[] os, [Out] ulong[] result) { return Imports.ek_flip_batch(n, xs, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_next_batch(UIntPtr n, int[] xs, ulong[] ps, ulong[] os, [Out] ulong[] nextPs, [Out] ulong[] nextOs) { return Imports.ek_board_next_batch(n, xs, ps, os, nextPs, nextOs); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_count_last_flip_batch(UIntPtr n, int[] xs, ulong[] ps, [Out] int[] result) { return Imports.ek_count_last_flip_batch(n, xs, ps, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_moves_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] ulong[] result) { return Imports.ek_get_moves_batch(n, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_mobility_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] int[] result) { return Imports.ek_get_mobility_batch(n, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_stability_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] int[] result) { return Imports.ek_get_stability_batch(n, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_get_hash_code_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] ulong[] result) { return Imports.ek_board_get_hash_code_batch(n, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_load_file(byte[] path) { return Imports.ek_eval_load_file(path); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_load_buffer(byte[] data, UIntPtr len) { return Imports.ek_eval_load_buffer(data, len); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_loaded() { return Imports.ek_eval_loaded(); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_eval_unload() { Imports.ek_eval_unload(); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_init(ref EvalState eval) { return Imports.ek_eval_init(ref eval); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_eval_free(ref EvalState eval) { Imports.ek_eval_free(ref eval); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_set(ref EvalState eval, ref Board board) { return Imports.ek_eval_set(ref eval, ref board); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_update(ref EvalState eval, ref Move move) { return Imports.ek_eval_update(ref eval, ref move); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_restore(ref EvalState eval) { return Imports.ek_eval_restore(ref eval); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_pass(ref EvalState eval) { return Imports.ek_eval_pass(ref eval); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_accumulate_checked(ref EvalState eval, out int sum) { return Imports.ek_eval_accumulate_checked(ref eval, out sum); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solve_shallow(ref Board board, int alpha, ref long nodes) { return Imports.ek_solve_shallow(ref board, alpha, ref nodes); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static SolverHandle ek_solver_new(int hashBits) { return Imports.ek_solver_new(hashBits); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_solver_free(IntPtr solver) { Imports.ek_solver_free(solver); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_solver_stop(SolverHandle solver) { Imports.ek_solver_stop(solver); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_set_node_limit(SolverHandle solver, ulong maxNodes) { return Imports.ek_solver_set_node_limit(solver, maxNodes); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_clear(SolverHandle solver) { return Imports.ek_solver_clear(solver); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_solve(SolverHandle solver, ref Board board, int alpha, int beta, out SolveResult result) { return Imports.ek_solver_solve(solver, ref board, alpha, beta, out result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_solve_batch(SolverHandle solver, UIntPtr n, ulong[] players, ulong[] opponents, int[] scores, int[] bestMoves) { return Imports.ek_solver_solve_batch(solver, n, players, opponents, scores, bestMoves); }
    }

    /// <summary>
    /// The kernels (Edax 4.6 semantics, bit-exact; see include/edax_kernels.h for each one's
    /// definition on any input). Batch methods take arrays of equal length: squares, players,
    /// opponents, and the result array(s), and run the kernel on every board in one native call.
    /// </summary>
    public static class Kernels
    {
        /// <summary>The pass move.</summary>
        public const int Pass = 64;
        /// <summary>"No move".</summary>
        public const int NoMove = 65;

        internal const int ErrRange = -2, ErrNoMemory = -10, ScoreNone = 32767;

        static Kernels()
        {
            Library.EnsureLoaded();
        }

        static string Str(IntPtr s) { return Marshal.PtrToStringAnsi(s); }

        internal static void Check(int status)
        {
            if (status < 0) throw new EdaxKernelsException("edax_kernels: " + Str(Native.ek_status_message(status)), status);
        }

        /// <summary>The library version, "MAJOR.MINOR.PATCH".</summary>
        public static string Version { get { return Str(Native.ek_version()); } }

        /// <summary>The active instruction-set level: "portable", "sse2", "avx2", "avx512" or "neon".</summary>
        public static string Isa { get { return Str(Native.ek_isa()); } }

        /// <summary>Whether this CPU can run the named level (throws for an unknown name).</summary>
        public static bool IsaSupported(string name)
        {
            int r = Native.ek_isa_supported(name);
            Check(r);
            return r == 1;
        }

        /// <summary>Makes the named level the active one (throws when unknown or unsupported).</summary>
        public static void SetIsa(string name) { Check(Native.ek_set_isa(name)); }

        /// <summary>Discs flipped when the side to move (p) plays x against o.</summary>
        public static ulong Flip(int x, ulong p, ulong o) { return Native.ek_flip(x, p, o); }

        /// <summary>The position after the side to move plays x (a pass when x is not 0..63).</summary>
        public static Board Next(Board board, int x)
        {
            Board next;
            Native.ek_board_next(ref board, x, out next);
            return next;
        }

        /// <summary>Twice the discs p flips by playing x when every other square is the opponent's.</summary>
        public static int CountLastFlip(int x, ulong p) { return Native.ek_count_last_flip(x, p); }

        /// <summary>Edax 4.4's board_score_1 (score for the side not to move, lazy cut-off at beta).</summary>
        public static int BoardScore1(Board board, int beta, int x) { return Native.ek_board_score_1(ref board, beta, x); }

        /// <summary>The exact score of BoardScore1, without cut-off.</summary>
        public static int BoardScore1Exact(Board board, int x) { return Native.ek_board_score_1_exact(ref board, x); }

        /// <summary>Bitboard of the legal moves of p against o.</summary>
        public static ulong GetMoves(ulong p, ulong o) { return Native.ek_get_moves(p, o); }

        /// <summary>Whether p has a legal move.</summary>
        public static bool CanMove(ulong p, ulong o) { return Native.ek_can_move(p, o); }

        /// <summary>The number of legal moves.</summary>
        public static int GetMobility(ulong p, ulong o) { return Native.ek_get_mobility(p, o); }

        /// <summary>The number of legal moves, corners counted twice.</summary>
        public static int GetWeightedMobility(ulong p, ulong o) { return Native.ek_get_weighted_mobility(p, o); }

        /// <summary>Edax's potential mobility (corners counted twice).</summary>
        public static int GetPotentialMobility(ulong p, ulong o) { return Native.ek_get_potential_mobility(p, o); }

        /// <summary>Edax's lower bound of the number of stable discs of p.</summary>
        public static int GetStability(ulong p, ulong o) { return Native.ek_get_stability(p, o); }

        /// <summary>The number of stable discs of p on the edges.</summary>
        public static int GetEdgeStability(ulong p, ulong o) { return Native.ek_get_edge_stability(p, o); }

        /// <summary>Owned corners plus owned edge squares next to an owned corner.</summary>
        public static int GetCornerStability(ulong p) { return Native.ek_get_corner_stability(p); }

        /// <summary>Edax 4.6's board hash code (CRC-32C of both bitboards).</summary>
        public static ulong HashCode(Board board) { return Native.ek_board_get_hash_code(ref board); }

        /// <summary>The board under symmetry s (0..7; throws otherwise).</summary>
        public static Board Symmetry(Board board, int s)
        {
            Board sym;
            Check(Native.ek_board_symetry(ref board, s, out sym));
            return sym;
        }

        /// <summary>The smallest of the 8 symmetric boards, and the symmetry giving it.</summary>
        public static Board Unique(Board board, out int symmetry)
        {
            Board unique;
            symmetry = Native.ek_board_unique(ref board, out unique);
            Check(symmetry);
            return unique;
        }

        /// <summary>The number of set bits.</summary>
        public static int BitCount(ulong b) { return Native.ek_bit_count(b); }

        /// <summary>Perft, Edax's convention: nodes depth plies below the board.</summary>
        public static ulong Perft(Board board, int depth) { return Native.ek_perft(board.Player, board.Opponent, depth); }

        /// <summary>Perft, the published convention (a finished game counts at every deeper ply).</summary>
        public static ulong PerftTerminal(Board board, int depth) { return Native.ek_perft_terminal(board.Player, board.Opponent, depth); }

        /// The common length of the arrays of a batch call.
        internal static int Length(params Array[] arrays)
        {
            foreach (Array a in arrays)
            {
                if (a == null) throw new ArgumentNullException("arrays", "a batch array is null");
                if (a.Length != arrays[0].Length) throw new ArgumentException("batch arrays must have equal lengths");
            }
            return arrays[0].Length;
        }

        internal static UIntPtr N(int length) { return new UIntPtr((uint)length); }

        /// <summary>result[i] = Flip(xs[i], ps[i], os[i]).</summary>
        public static void FlipBatch(int[] xs, ulong[] ps, ulong[] os, ulong[] result)
        {
            Check(Native.ek_flip_batch(N(Length(xs, ps, os, result)), xs, ps, os, result));
        }

        /// <summary>Flip of every board, in a new array.</summary>
        public static ulong[] FlipBatch(int[] xs, ulong[] ps, ulong[] os)
        {
            var r = new ulong[Length(xs, ps, os)];
            FlipBatch(xs, ps, os, r);
            return r;
        }

        /// <summary>Plays xs[i] on (ps[i], os[i]) into (nextPs[i], nextOs[i]); the outputs may be the inputs.</summary>
        public static void NextBatch(int[] xs, ulong[] ps, ulong[] os, ulong[] nextPs, ulong[] nextOs)
        {
            Check(Native.ek_board_next_batch(N(Length(xs, ps, os, nextPs, nextOs)), xs, ps, os, nextPs, nextOs));
        }

        /// <summary>result[i] = CountLastFlip(xs[i], ps[i]).</summary>
        public static void CountLastFlipBatch(int[] xs, ulong[] ps, int[] result)
        {
            Check(Native.ek_count_last_flip_batch(N(Length(xs, ps, result)), xs, ps, result));
        }

        /// <summary>CountLastFlip of every board, in a new array.</summary>
        public static int[] CountLastFlipBatch(int[] xs, ulong[] ps)
        {
            var r = new int[Length(xs, ps)];
            CountLastFlipBatch(xs, ps, r);
            return r;
        }

        /// <summary>result[i] = GetMoves(ps[i], os[i]).</summary>
        public static void GetMovesBatch(ulong[] ps, ulong[] os, ulong[] result)
        {
            Check(Native.ek_get_moves_batch(N(Length(ps, os, result)), ps, os, result));
        }

        /// <summary>GetMoves of every board, in a new array.</summary>
        public static ulong[] GetMovesBatch(ulong[] ps, ulong[] os)
        {
            var r = new ulong[Length(ps, os)];
            GetMovesBatch(ps, os, r);
            return r;
        }

        /// <summary>result[i] = GetMobility(ps[i], os[i]).</summary>
        public static void GetMobilityBatch(ulong[] ps, ulong[] os, int[] result)
        {
            Check(Native.ek_get_mobility_batch(N(Length(ps, os, result)), ps, os, result));
        }

        /// <summary>GetMobility of every board, in a new array.</summary>
        public static int[] GetMobilityBatch(ulong[] ps, ulong[] os)
        {
            var r = new int[Length(ps, os)];
            GetMobilityBatch(ps, os, r);
            return r;
        }

        /// <summary>result[i] = GetStability(ps[i], os[i]).</summary>
        public static void GetStabilityBatch(ulong[] ps, ulong[] os, int[] result)
        {
            Check(Native.ek_get_stability_batch(N(Length(ps, os, result)), ps, os, result));
        }

        /// <summary>GetStability of every board, in a new array.</summary>
        public static int[] GetStabilityBatch(ulong[] ps, ulong[] os)
        {
            var r = new int[Length(ps, os)];
            GetStabilityBatch(ps, os, r);
            return r;
        }

        /// <summary>result[i] = HashCode(new Board(ps[i], os[i])).</summary>
        public static void HashCodeBatch(ulong[] ps, ulong[] os, ulong[] result)
        {
            Check(Native.ek_board_get_hash_code_batch(N(Length(ps, os, result)), ps, os, result));
        }

        /// <summary>HashCode of every board, in a new array.</summary>
        public static ulong[] HashCodeBatch(ulong[] ps, ulong[] os)
        {
            var r = new ulong[Length(ps, os)];
            HashCodeBatch(ps, os, r);
            return r;
        }
    
        /// <summary>
        /// Loads evaluation weights from an Edax eval.dat file; they replace the weights in use
        /// (shared by every thread and every Eval). Throws EdaxKernelsException (Status
        /// EK_ERR_IO -6, EK_ERR_EVAL_FORMAT -7, EK_ERR_EVAL_SIZE -8, ...) and keeps the weights
        /// in use when the file cannot be read or is not an Edax eval file.
        /// </summary>
        public static void EvalLoadFile(string path)
        {
            if (path == null) throw new ArgumentNullException("path");
            byte[] bytes = System.Text.Encoding.UTF8.GetBytes(path + "\0");
            Check(Native.ek_eval_load_file(bytes));
        }

        /// <summary>Loads evaluation weights from the bytes of an eval.dat (see EvalLoadFile).</summary>
        public static void EvalLoadBytes(byte[] data)
        {
            if (data == null) throw new ArgumentNullException("data");
            Check(Native.ek_eval_load_buffer(data, new UIntPtr((ulong)data.LongLength)));
        }

        /// <summary>
        /// Edax 4.6's endgame leaf search (search_shallow) on the null window (alpha, alpha + 1):
        /// returns the fail-soft score for the side to move, and Edax's node count in
        /// <paramref name="nodes"/>. Throws EK_ERR_RANGE (-2) for more than 10 empty squares.
        /// </summary>
        public static int SolveShallow(Board board, int alpha, out long nodes)
        {
            nodes = 0;
            int score = Native.ek_solve_shallow(ref board, alpha, ref nodes);
            if (score == ScoreNone) Check(ErrRange);
            return score;
        }

        /// <summary>Whether evaluation weights are loaded.</summary>
        public static bool EvalLoaded { get { return Native.ek_eval_loaded() == 1; } }

        /// <summary>Stops using the loaded weights (Accumulate then throws until the next load).</summary>
        public static void EvalUnload() { Native.ek_eval_unload(); }
    }
    /// <summary>
    /// Edax's Eval: the pattern features along a line of play, evaluated with the weights that
    /// Kernels.EvalLoadFile or EvalLoadBytes loaded. Set(board) starts a line, Update(x,
    /// flipped) plays a move, Pass() a pass, Restore() takes a move back, and Accumulate()
    /// gives the raw sum of the weights of the current position. Owns native memory: Dispose it
    /// (or leave it to the finalizer). Not for use by two threads at once.
    /// </summary>
    public sealed class Eval : IDisposable
    {
        EvalState state;

        static Eval()
        {
            Library.EnsureLoaded();
        }

        /// <summary>A new evaluation state (call Set before evaluating).</summary>
        public Eval()
        {
            Kernels.Check(Native.ek_eval_init(ref state));
        }

        /// <summary>A new evaluation state set to <paramref name="board"/>.</summary>
        public Eval(Board board) : this()
        {
            Set(board);
        }

        void Live()
        {
            if (state.Feature == IntPtr.Zero) throw new ObjectDisposedException("Eval");
        }

        /// <summary>Starts from <paramref name="board"/> (side to move first); throws for more than 60 empty squares.</summary>
        public void Set(Board board)
        {
            Live();
            Kernels.Check(Native.ek_eval_set(ref state, ref board));
        }

        /// <summary>The side to move plays <paramref name="x"/>, flipping <paramref name="flipped"/>.</summary>
        public void Update(int x, ulong flipped)
        {
            Live();
            var move = new Move { X = x, Flipped = flipped };
            Kernels.Check(Native.ek_eval_update(ref state, ref move));
        }

        /// <summary>Takes back the last Update (throws when there is none).</summary>
        public void Restore()
        {
            Live();
            Kernels.Check(Native.ek_eval_restore(ref state));
        }

        /// <summary>The side to move passes (or a pass is taken back).</summary>
        public void Pass()
        {
            Live();
            Kernels.Check(Native.ek_eval_pass(ref state));
        }

        /// <summary>The raw sum of the weights of the current position (throws EK_ERR_EVAL_NONE, -9, without weights).</summary>
        public int Accumulate()
        {
            Live();
            int sum;
            Kernels.Check(Native.ek_eval_accumulate_checked(ref state, out sum));
            return sum;
        }

        /// <summary>60 minus the empty squares of the current position.</summary>
        public int Ply { get { return state.Ply; } }

        /// <summary>0 when the side to move is the one of Set's board, else 1.</summary>
        public int Player { get { return state.Player; } }

        /// <summary>Frees the native memory (again: nothing).</summary>
        public void Dispose()
        {
            Free();
            GC.SuppressFinalize(this);
        }

        ~Eval()
        {
            Free();
        }

        void Free()
        {
            if (state.Feature != IntPtr.Zero) Native.ek_eval_free(ref state);
        }
    }

    /// <summary>
    /// An exact endgame solver (ek_solver_*): the final score of a position with perfect play and
    /// a move reaching it, with a transposition table of 2^hashBits entries (32 bytes each) kept
    /// between solves. One solve at a time (a second concurrent one throws EK_ERR_BUSY, -12);
    /// Stop() may be called from any thread and makes the running solve throw EK_ERR_STOPPED
    /// (-11). Owns native memory: Dispose it (or leave it to the finalizer).
    /// </summary>
    public sealed class Solver : IDisposable
    {
        readonly SolverHandle handle;
        ulong nodeLimit;

        static Solver()
        {
            Library.EnsureLoaded();
        }

        /// <summary>A solver with a table of 2^hashBits entries; throws EK_ERR_RANGE unless 1 &lt;= hashBits &lt;= 32.</summary>
        public Solver(int hashBits = 20)
        {
            handle = Native.ek_solver_new(hashBits);
            if (handle.IsInvalid)
            {
                handle.Dispose();
                Kernels.Check(hashBits < 1 || hashBits > 32 ? Kernels.ErrRange : Kernels.ErrNoMemory);
            }
        }

        /// <summary>
        /// Solves <paramref name="board"/> on the window (alpha, beta), -64 &lt;= alpha &lt; beta &lt;= 64
        /// (the default: the exact score). Throws EK_ERR_RANGE (bad window or overlapping
        /// bitboards), EK_ERR_STOPPED or EK_ERR_BUSY.
        /// </summary>
        public SolveResult Solve(Board board, int alpha = -64, int beta = 64)
        {
            SolveResult r;
            Kernels.Check(Native.ek_solver_solve(handle, ref board, alpha, beta, out r));
            return r;
        }

        /// <summary>
        /// Solves (players[i], opponents[i]) exactly into scores[i] and bestMoves[i] (bestMoves may
        /// be null) in one native call. Throws as Solve (EK_ERR_RANGE when a position's bitboards
        /// overlap; the positions before it are written).
        /// </summary>
        public void SolveBatch(ulong[] players, ulong[] opponents, int[] scores, int[] bestMoves = null)
        {
            int n = bestMoves == null ? Kernels.Length(players, opponents, scores) : Kernels.Length(players, opponents, scores, bestMoves);
            Kernels.Check(Native.ek_solver_solve_batch(handle, Kernels.N(n), players, opponents, scores, bestMoves));
        }

        /// <summary>The exact scores of (players[i], opponents[i]), in a new array.</summary>
        public int[] SolveBatch(ulong[] players, ulong[] opponents)
        {
            var scores = new int[Kernels.Length(players, opponents)];
            SolveBatch(players, opponents, scores);
            return scores;
        }

        /// <summary>Makes the running solve (if any) throw EK_ERR_STOPPED soon; from any thread. Disposed: nothing.</summary>
        public void Stop()
        {
            try { Native.ek_solver_stop(handle); }
            catch (ObjectDisposedException) { }
        }

        /// <summary>About how many nodes a solve may search before it throws EK_ERR_STOPPED (0: no limit, the default).</summary>
        public ulong NodeLimit
        {
            get { return nodeLimit; }
            set
            {
                Kernels.Check(Native.ek_solver_set_node_limit(handle, value));
                nodeLimit = value;
            }
        }

        /// <summary>Empties the transposition table (throws EK_ERR_BUSY while a solve runs).</summary>
        public void Clear() { Kernels.Check(Native.ek_solver_clear(handle)); }

        /// <summary>Stops a running solve; the table is freed once it has returned (again: nothing).</summary>
        public void Dispose()
        {
            Stop();
            handle.Dispose();
        }
    }
}
