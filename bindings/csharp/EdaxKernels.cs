// C# binding of edax-kernels (include/edax_kernels.h) through P/Invoke, for Linux (x86-64,
// ARM64) and Windows (x86-64).
//
// Finding the library: Library.Load(path) with an explicit path; else the path in the
// environment variable EDAX_KERNELS_LIB; else the copy the NuGet package installed for this
// process's platform (see Library.Packaged); else the system search path: libedax_kernels.so on
// Linux (LD_LIBRARY_PATH, the linker cache, /usr/lib), edax_kernels.dll on Windows (the DLL
// search path: the application's directory, the system directories, PATH). The first use of
// Kernels loads it (the default way unless Library.Load came first); a library that cannot be
// found raises an EdaxKernelsException saying which ways were tried.
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
// EdaxKernels.Windows.g.cs, which pack.sh and bindings/test.sh compile with this file (a build
// from source: `gen-windows.sh W.cs && mcs -target:library EdaxKernels.cs W.cs`). Each method of
// Native calls `Platform.Windows ? WinNative.f(...) : Imports.f(...)`. Platform.Windows is a
// static readonly field of a class that Library.Load initializes before any Native method is
// compiled, and Mono's JIT compiles such a field as its value and drops the dead branch: on Linux
// a Native method compiles to the instructions of the direct call to Imports (the same machine
// code as before Windows support; the argument-less ones keep a dead `xor eax,eax; test
// eax,eax`): no per-call cost. WinNative holds non-inlined forwarders to WinImports, so that no
// call to a WinImports declaration is ever compiled on Linux: Mono looks a declaration's library
// up when it compiles a call to it, dead branch or not, and its variants of edax_kernels.dll
// include libedax_kernels.so, which could load a second copy. (On Windows a call costs a test
// and one more managed call.)
//
// Conventions as in C: A1 = bit 0 ... H8 = bit 63, Board.Player is the side to move.

using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
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

    /// <summary>What limits an Engine search (the C EkEngineLimits).</summary>
    [StructLayout(LayoutKind.Sequential)]
    struct EngineLimits
    {
        internal int Level, Depth, Selectivity;
        internal ulong MaxNodes, MaxTimeMs;
    }

    /// <summary>The C EkEngineResult, as the library writes it.</summary>
    [StructLayout(LayoutKind.Sequential)]
    struct EngineResultNative
    {
        internal int Score, BestMove, Depth, Selectivity, Exact, Complete;
        internal long Nodes;
        internal int PvLength;
        [MarshalAs(UnmanagedType.ByValArray, SizeConst = 80)]
        internal byte[] Pv;
    }

    /// <summary>One move of Engine.Analyze (the C EkMoveScore).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MoveScore
    {
        /// <summary>The move: a square, or Kernels.Pass (the only move of a player who has none).</summary>
        public readonly int Square;
        /// <summary>Its score for the side to move (32767 when not even one depth of its search completed).</summary>
        public readonly int Score;
        readonly int exact, complete;
        /// <summary>The nodes of the move's search.</summary>
        public readonly long Nodes;

        /// <summary>Whether Score is the exact final score after the move.</summary>
        public bool Exact { get { return exact != 0; } }
        /// <summary>Whether the move's search reached its depth.</summary>
        public bool Complete { get { return complete != 0; } }

        public override string ToString() { return string.Format("MoveScore({0}, {1}, exact {2}, complete {3}, {4} nodes)", Square, Score, Exact, Complete, Nodes); }
    }

    /// <summary>An Engine search's outcome.</summary>
    public sealed class SearchResult
    {
        /// <summary>The score for the side to move (a disc difference; the final score when Exact).</summary>
        public int Score { get; private set; }
        /// <summary>The best move: a square, Kernels.Pass when the side to move must pass, Kernels.NoMove when the game is over.</summary>
        public int BestMove { get; private set; }
        /// <summary>The depth reached.</summary>
        public int Depth { get; private set; }
        /// <summary>The selectivity reached (0..5; 5: none).</summary>
        public int Selectivity { get; private set; }
        /// <summary>Whether Score is the exact final score.</summary>
        public bool Exact { get; private set; }
        /// <summary>Whether the search reached its depth (false when a limit or Stop ended it: the result is then the deepest one completed).</summary>
        public bool Complete { get; private set; }
        /// <summary>The nodes searched.</summary>
        public long Nodes { get; private set; }
        /// <summary>The principal variation: squares and passes (Kernels.Pass).</summary>
        public int[] Pv { get; private set; }

        internal SearchResult(EngineResultNative r)
        {
            Score = r.Score;
            BestMove = r.BestMove;
            Depth = r.Depth;
            Selectivity = r.Selectivity;
            Exact = r.Exact != 0;
            Complete = r.Complete != 0;
            Nodes = r.Nodes;
            int n = Math.Max(0, Math.Min(r.PvLength, r.Pv == null ? 0 : r.Pv.Length));
            Pv = new int[n];
            for (int i = 0; i < n; i++) Pv[i] = r.Pv[i];
        }

        public override string ToString()
        {
            return string.Format("SearchResult(score {0}, move {1}, depth {2}@{3}, exact {4}, complete {5}, {6} nodes)",
                Score, BestMove, Depth, Selectivity, Exact, Complete, Nodes);
        }
    }

    /// <summary>How Solver.SolveMany left a position (its value is the C status code).</summary>
    public enum SolveStatus
    {
        /// <summary>Solved (EK_OK): its score, best move and nodes are given.</summary>
        Solved = 0,
        /// <summary>Not searched: its bitboards overlap (EK_ERR_RANGE, -2).</summary>
        Overlapping = -2,
        /// <summary>Not solved: Solver.Stop or the node limit stopped the call first (EK_ERR_STOPPED, -11).</summary>
        Stopped = -11,
    }

    /// <summary>
    /// What Solver.SolveMany reports, position by position (index i is the i-th position given).
    /// The arrays are the caller's: nothing else holds them.
    /// </summary>
    public sealed class SolveManyResult
    {
        /// <summary>The lower end of the window solved on.</summary>
        public int Alpha { get; private set; }
        /// <summary>The upper end of the window solved on.</summary>
        public int Beta { get; private set; }
        /// <summary>
        /// The score for the side to move of each solved position, as Solver.Solve gives it on
        /// the window (exact when Alpha &lt; score &lt; Beta, else a fail-soft bound on the side it
        /// falls); Kernels.ScoreNone (32767) for the others.
        /// </summary>
        public int[] Scores { get; private set; }
        /// <summary>A move reaching each solved position's score (Kernels.Pass when the side to move must pass, Kernels.NoMove when the game is over); Kernels.NoMove for the others.</summary>
        public int[] BestMoves { get; private set; }
        /// <summary>The nodes searched for each solved position; 0 for the others.</summary>
        public ulong[] Nodes { get; private set; }
        /// <summary>How each position was left: solved, overlapping (not searched), or stopped before it was solved.</summary>
        public SolveStatus[] Statuses { get; private set; }
        /// <summary>The call's outcome: Solved when every position was, Stopped when the call was stopped, else Overlapping.</summary>
        public SolveStatus Status { get; private set; }

        internal SolveManyResult(int alpha, int beta, int[] scores, int[] bestMoves, ulong[] nodes, SolveStatus[] statuses, SolveStatus status)
        {
            Alpha = alpha;
            Beta = beta;
            Scores = scores;
            BestMoves = bestMoves;
            Nodes = nodes;
            Statuses = statuses;
            Status = status;
        }

        /// <summary>The number of positions.</summary>
        public int Count { get { return Scores.Length; } }

        /// <summary>Whether every position was solved.</summary>
        public bool AllSolved { get { return Status == SolveStatus.Solved; } }

        /// <summary>A summary: the window, the number of positions and of each status.</summary>
        public override string ToString()
        {
            return string.Format("SolveManyResult(({0}, {1}), {2} positions: {3} solved, {4} overlapping, {5} stopped)",
                Alpha, Beta, Count, Statuses.Count(x => x == SolveStatus.Solved),
                Statuses.Count(x => x == SolveStatus.Overlapping), Statuses.Count(x => x == SolveStatus.Stopped));
        }
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

    /// <summary>An EkWeights hold: given back once.</summary>
    sealed class WeightsHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        internal WeightsHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.ek_weights_free(handle);
            return true;
        }
    }

    /// <summary>An EkEngine: freed once, after the native calls using it have returned.</summary>
    sealed class EngineHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        internal EngineHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.ek_engine_free(handle);
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

    /// <summary>The platform of this process, named as the NuGet package's runtimes/ folders are.</summary>
    static class Platform
    {
        /// <summary>Whether this is Windows (else Linux is assumed).</summary>
        internal static readonly bool Windows = Environment.OSVersion.Platform == PlatformID.Win32NT;

        /// <summary>This process's runtime identifier: "linux-x64", "linux-arm64", "win-x64", ... (null: unknown).</summary>
        internal static string Rid()
        {
            return Windows
                ? Rid(true, Environment.GetEnvironmentVariable("PROCESSOR_ARCHITECTURE"), IntPtr.Size, null)
                : Rid(false, null, IntPtr.Size, FileRid("/proc/self/exe"));
        }

        /// <summary>
        /// A process's runtime identifier. On Windows from PROCESSOR_ARCHITECTURE, which Windows
        /// sets in every process to the architecture it runs as (AMD64, ARM64, x86, ARM; an
        /// emulated process sees the emulated one), and the pointer size. On Linux from the ELF
        /// header of the process's executable (/proc/self/exe; under qemu-user, the emulated
        /// one): the architecture of the code running, which the library must match; when it
        /// cannot be read, linux-x64 for a 64-bit process, as before there were other platforms.
        /// </summary>
        internal static string Rid(bool windows, string processorArchitecture, int pointerSize, string executableRid)
        {
            if (windows)
            {
                string arch = (processorArchitecture ?? "").Trim().ToUpperInvariant();
                if (arch == "ARM64") return "win-arm64";
                if (arch == "ARM") return "win-arm";
                return pointerSize == 8 ? "win-x64" : "win-x86";
            }
            if (executableRid != null) return executableRid;
            return pointerSize == 8 ? "linux-x64" : null;
        }

        /// <summary>
        /// The runtime identifier of the code in a native file, from its header: an ELF file
        /// linux-x64 (64-bit x86-64) or linux-arm64 (64-bit AArch64), a PE file win-x64, win-arm64
        /// or win-x86; another machine gives a name saying which; a file that is neither, or that
        /// cannot be read, null.
        /// </summary>
        internal static string FileRid(string path)
        {
            try
            {
                using (var f = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete))
                {
                    var h = new byte[64];
                    int n = ReadFully(f, h, h.Length);
                    if (n >= 20 && h[0] == 0x7f && h[1] == 'E' && h[2] == 'L' && h[3] == 'F')
                    {
                        int elfClass = h[4], machine = h[5] == 2 ? h[18] << 8 | h[19] : h[18] | h[19] << 8;
                        if (elfClass == 2 && machine == 62) return "linux-x64";
                        if (elfClass == 2 && machine == 183) return "linux-arm64";
                        return "linux-elf" + (elfClass == 1 ? "32" : "64") + "-machine" + machine;
                    }
                    if (n == h.Length && h[0] == 'M' && h[1] == 'Z')
                    {
                        uint pe = (uint)(h[0x3c] | h[0x3d] << 8 | h[0x3e] << 16) | (uint)h[0x3f] << 24;
                        f.Seek(pe, SeekOrigin.Begin);
                        if (ReadFully(f, h, 6) < 6 || h[0] != 'P' || h[1] != 'E' || h[2] != 0 || h[3] != 0) return null;
                        int machine = h[4] | h[5] << 8;
                        if (machine == 0x8664) return "win-x64";
                        if (machine == 0xaa64) return "win-arm64";
                        if (machine == 0x14c) return "win-x86";
                        return "win-machine" + machine.ToString("x4");
                    }
                    return null;
                }
            }
            catch (Exception)
            {
                return null;
            }
        }

        static int ReadFully(Stream s, byte[] buffer, int count)
        {
            int n = 0, r;
            while (n < count && (r = s.Read(buffer, n, count - n)) > 0) n += r;
            return n;
        }
    }

    /// <summary>Loads libedax_kernels.so (edax_kernels.dll on Windows), once per process.</summary>
    public static class Library
    {
        /// <summary>The environment variable naming the library's path.</summary>
        public const string EnvVar = "EDAX_KERNELS_LIB";
        /// <summary>The file name searched on the system search path on Linux (on Windows: edax_kernels.dll).</summary>
        public const string FileName = "libedax_kernels.so";

        /// The library's file name on Windows, also the module name its declarations bind to.
        internal const string WindowsFileName = "edax_kernels.dll";
        /// The runtime identifiers the NuGet package has the library for.
        internal const string PackageRids = "linux-x64, linux-arm64, win-x64";

        const int RTLD_NOW = 2, RTLD_GLOBAL = 0x100, LOAD_WITH_ALTERED_SEARCH_PATH = 8;
        static readonly object Gate = new object();
        static IntPtr windowsModule;

        /// <summary>Where the library was loaded from (null before loading).</summary>
        public static string LoadedFrom { get; private set; }

        [DllImport("libdl.so.2")]
        static extern IntPtr dlopen(string file, int flags);

        [DllImport("libdl.so.2")]
        static extern IntPtr dlerror();

        [DllImport("kernel32.dll", CharSet = CharSet.Unicode, SetLastError = true)]
        static extern IntPtr LoadLibraryExW(string file, IntPtr reserved, int flags);

        [DllImport("kernel32.dll", CharSet = CharSet.Unicode)]
        static extern IntPtr GetModuleHandleW(string module);

        [DllImport("kernel32.dll", CharSet = CharSet.Unicode)]
        static extern int GetModuleFileNameW(IntPtr module, StringBuilder file, int size);

        [DllImport("kernel32.dll")]
        [return: MarshalAs(UnmanagedType.Bool)]
        static extern bool FreeLibrary(IntPtr module);

        /// <summary>
        /// Loads the library from <paramref name="path"/>, or, when it is null, from
        /// EDAX_KERNELS_LIB, else the NuGet package's copy, else the system search path. Must
        /// come before the first use of Kernels to take effect; loading again from the same
        /// place does nothing. On Windows the file must be named edax_kernels.dll.
        /// </summary>
        public static void Load(string path = null)
        {
            lock (Gate)
            {
                bool windows = Platform.Windows;
                string how, rid = Platform.Rid();
                string target = Choose(windows, rid, path, out how);
                if (LoadedFrom != null)
                {
                    if (LoadedFrom == target) return;
                    throw new EdaxKernelsException("edax_kernels: already loaded from " + LoadedFrom + ", cannot load " + target);
                }
                string why = windows ? OpenWindows(target) : OpenLinux(target);
                if (why != null) throw new EdaxKernelsException(LoadError(windows, rid, target, how, why));
                LoadedFrom = target;
            }
        }

        /// <summary>dlopens the library: null, or why it cannot be loaded.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        static string OpenLinux(string target)
        {
            // Opened globally under its soname, so that the P/Invoke declarations, resolved
            // when the methods calling them are compiled, bind to this copy.
            if (dlopen(target, RTLD_NOW | RTLD_GLOBAL) != IntPtr.Zero) return null;
            return Marshal.PtrToStringAnsi(dlerror());
        }

        /// <summary>
        /// Loads the library with LoadLibraryEx, a path from the current directory as dlopen
        /// takes it, with the DLL's directory searched for its dependencies, a bare file name on
        /// the DLL search path; then checks that the process's edax_kernels.dll, the module the
        /// declarations bind to, is this copy. Null, or why it cannot be loaded.
        /// </summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        static string OpenWindows(string target)
        {
            string file = target;
            int flags = 0;
            if (target.IndexOfAny(new[] { '\\', '/', ':' }) >= 0)
            {
                try { file = Path.GetFullPath(target); }
                catch (Exception e) { return e.Message; }
                flags = LOAD_WITH_ALTERED_SEARCH_PATH;
            }
            IntPtr module = LoadLibraryExW(file, IntPtr.Zero, flags);
            if (module == IntPtr.Zero)
            {
                int error = Marshal.GetLastWin32Error();
                return new System.ComponentModel.Win32Exception(error).Message + " (error " + error + ")";
            }
            IntPtr bound = GetModuleHandleW(WindowsFileName);
            if (bound != module)
            {
                string why = bound == IntPtr.Zero
                    ? "the file is not named " + WindowsFileName + ", the module name its declarations bind to"
                    : "another " + WindowsFileName + " is loaded already, from " + ModuleFile(bound);
                FreeLibrary(module);
                return why;
            }
            windowsModule = module;
            RegisterResolver();
            return null;
        }

        static string ModuleFile(IntPtr module)
        {
            var file = new StringBuilder(32768);
            return GetModuleFileNameW(module, file, file.Capacity) > 0 ? file.ToString() : "an unknown place";
        }

        /// <summary>
        /// On .NET (Core) 3 and later, which looks for a DllImport's library in the application's
        /// native asset folders before asking Windows: makes edax_kernels.dll resolve to the
        /// module loaded. Through reflection (not in net45); nothing on .NET Framework and Mono.
        /// </summary>
        static void RegisterResolver()
        {
            try
            {
                Type nativeLibrary = Type.GetType("System.Runtime.InteropServices.NativeLibrary");
                Type resolver = Type.GetType("System.Runtime.InteropServices.DllImportResolver");
                if (nativeLibrary == null || resolver == null) return;
                MethodInfo set = nativeLibrary.GetMethod("SetDllImportResolver", new[] { typeof(Assembly), resolver });
                if (set == null) return;
                set.Invoke(null, new object[] { typeof(Library).Assembly, Delegate.CreateDelegate(resolver, ResolverMethod) });
            }
            catch (Exception)
            {
                // The module name still binds the declarations to the module loaded.
            }
        }

        /// <summary>Resolve, for the DllImportResolver delegate.</summary>
        internal static MethodInfo ResolverMethod
        {
            get { return typeof(Library).GetMethod("Resolve", BindingFlags.NonPublic | BindingFlags.Static); }
        }

        /// <summary>A DllImportResolver: the module loaded for edax_kernels.dll, else the runtime's search (zero).</summary>
        static IntPtr Resolve(string name, Assembly assembly, DllImportSearchPath? searchPath)
        {
            return string.Equals(name, WindowsFileName, StringComparison.OrdinalIgnoreCase) ? windowsModule : IntPtr.Zero;
        }

        /// <summary>The file name on the system search path.</summary>
        internal static string SystemFileName(bool windows) { return windows ? WindowsFileName : FileName; }

        internal static string Choose(bool windows, string rid, string path, out string how)
        {
            if (path != null) { how = "explicit path"; return path; }
            string env = Environment.GetEnvironmentVariable(EnvVar);
            if (!string.IsNullOrEmpty(env)) { how = EnvVar; return env; }
            string location = typeof(Library).Assembly.Location;
            string packaged = string.IsNullOrEmpty(location) ? null : Packaged(Path.GetDirectoryName(location), rid, SystemFileName(windows));
            if (packaged != null) { how = "NuGet package"; return packaged; }
            how = "system search path";
            return SystemFileName(windows);
        }

        /// <summary>
        /// The library the NuGet package put for this platform (rid) beside the assembly in
        /// <paramref name="dir"/>, or null: in that directory (a .NET Framework or Mono build's
        /// output, where the package's build targets copy it), in runtimes/RID/native/ below it (a
        /// dotnet build's output), or in the package's own runtimes/RID/native/ (the assembly used
        /// from the package's lib/net45/). A file whose header says another platform is passed
        /// over (a Linux build's output has the x86-64 library beside the assembly, the ARM64 one
        /// below it).
        /// </summary>
        internal static string Packaged(string dir, string rid, string name)
        {
            if (rid == null) return null;
            string native = Path.Combine("runtimes", rid, "native", name);
            foreach (string candidate in new[] { Path.Combine(dir, name), Path.Combine(dir, native), Path.Combine(dir, "..", "..", native) })
            {
                if (File.Exists(candidate) && Platform.FileRid(candidate) == rid) return Path.GetFullPath(candidate);
            }
            return null;
        }

        /// <summary>The message of a library that cannot be loaded.</summary>
        internal static string LoadError(bool windows, string rid, string target, string how, string why)
        {
            return string.Format(
                "edax_kernels: cannot load the library {0} ({1}): {2}. Pass its path to Library.Load, " +
                "set {3} to its path, use the EdaxKernels NuGet package ({4}; this process: {5}), or put {6} on the {7}.",
                target, how, why, EnvVar, PackageRids, rid ?? "unknown", SystemFileName(windows),
                windows ? "DLL search path (the application's directory, PATH)" : "library search path (LD_LIBRARY_PATH)");
        }

        internal static void EnsureLoaded()
        {
            lock (Gate)
            {
                if (LoadedFrom == null) Load();
            }
        }
    }

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
    }

    /// <summary>
    /// The ek_ functions, each behind one non-inlined call, to Imports (Linux) or WinNative
    /// (Windows; see the top of this file). Mono binds a P/Invoke declaration when it compiles a
    /// method calling it; the first Kernels method called is compiled before Kernels' static
    /// constructor loads the library, so it must not call Imports directly.
    /// </summary>
    static class Native
    {
        [MethodImpl(MethodImplOptions.NoInlining)] internal static IntPtr ek_status_message(int status) { return Platform.Windows ? WinNative.ek_status_message(status) : Imports.ek_status_message(status); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static IntPtr ek_version() { return Platform.Windows ? WinNative.ek_version() : Imports.ek_version(); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static IntPtr ek_isa() { return Platform.Windows ? WinNative.ek_isa() : Imports.ek_isa(); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_isa_supported(string name) { return Platform.Windows ? WinNative.ek_isa_supported(name) : Imports.ek_isa_supported(name); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_set_isa(string name) { return Platform.Windows ? WinNative.ek_set_isa(name) : Imports.ek_set_isa(name); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_flip(int x, ulong p, ulong o) { return Platform.Windows ? WinNative.ek_flip(x, p, o) : Imports.ek_flip(x, p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_board_next(ref Board board, int x, out Board next) { return Platform.Windows ? WinNative.ek_board_next(ref board, x, out next) : Imports.ek_board_next(ref board, x, out next); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_count_last_flip(int x, ulong p) { return Platform.Windows ? WinNative.ek_count_last_flip(x, p) : Imports.ek_count_last_flip(x, p); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_score_1(ref Board board, int beta, int x) { return Platform.Windows ? WinNative.ek_board_score_1(ref board, beta, x) : Imports.ek_board_score_1(ref board, beta, x); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_score_1_exact(ref Board board, int x) { return Platform.Windows ? WinNative.ek_board_score_1_exact(ref board, x) : Imports.ek_board_score_1_exact(ref board, x); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_get_moves(ulong p, ulong o) { return Platform.Windows ? WinNative.ek_get_moves(p, o) : Imports.ek_get_moves(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static bool ek_can_move(ulong p, ulong o) { return Platform.Windows ? WinNative.ek_can_move(p, o) : Imports.ek_can_move(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_mobility(ulong p, ulong o) { return Platform.Windows ? WinNative.ek_get_mobility(p, o) : Imports.ek_get_mobility(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_weighted_mobility(ulong p, ulong o) { return Platform.Windows ? WinNative.ek_get_weighted_mobility(p, o) : Imports.ek_get_weighted_mobility(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_potential_mobility(ulong p, ulong o) { return Platform.Windows ? WinNative.ek_get_potential_mobility(p, o) : Imports.ek_get_potential_mobility(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_stability(ulong p, ulong o) { return Platform.Windows ? WinNative.ek_get_stability(p, o) : Imports.ek_get_stability(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_edge_stability(ulong p, ulong o) { return Platform.Windows ? WinNative.ek_get_edge_stability(p, o) : Imports.ek_get_edge_stability(p, o); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_corner_stability(ulong p) { return Platform.Windows ? WinNative.ek_get_corner_stability(p) : Imports.ek_get_corner_stability(p); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_board_get_hash_code(ref Board board) { return Platform.Windows ? WinNative.ek_board_get_hash_code(ref board) : Imports.ek_board_get_hash_code(ref board); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_symetry(ref Board board, int s, out Board sym) { return Platform.Windows ? WinNative.ek_board_symetry(ref board, s, out sym) : Imports.ek_board_symetry(ref board, s, out sym); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_unique(ref Board board, out Board unique) { return Platform.Windows ? WinNative.ek_board_unique(ref board, out unique) : Imports.ek_board_unique(ref board, out unique); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_bit_count(ulong b) { return Platform.Windows ? WinNative.ek_bit_count(b) : Imports.ek_bit_count(b); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_perft(ulong p, ulong o, int depth) { return Platform.Windows ? WinNative.ek_perft(p, o, depth) : Imports.ek_perft(p, o, depth); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static ulong ek_perft_terminal(ulong p, ulong o, int depth) { return Platform.Windows ? WinNative.ek_perft_terminal(p, o, depth) : Imports.ek_perft_terminal(p, o, depth); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_flip_batch(UIntPtr n, int[] xs, ulong[] ps, ulong[] os, [Out] ulong[] result) { return Platform.Windows ? WinNative.ek_flip_batch(n, xs, ps, os, result) : Imports.ek_flip_batch(n, xs, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_next_batch(UIntPtr n, int[] xs, ulong[] ps, ulong[] os, [Out] ulong[] nextPs, [Out] ulong[] nextOs) { return Platform.Windows ? WinNative.ek_board_next_batch(n, xs, ps, os, nextPs, nextOs) : Imports.ek_board_next_batch(n, xs, ps, os, nextPs, nextOs); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_count_last_flip_batch(UIntPtr n, int[] xs, ulong[] ps, [Out] int[] result) { return Platform.Windows ? WinNative.ek_count_last_flip_batch(n, xs, ps, result) : Imports.ek_count_last_flip_batch(n, xs, ps, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_moves_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] ulong[] result) { return Platform.Windows ? WinNative.ek_get_moves_batch(n, ps, os, result) : Imports.ek_get_moves_batch(n, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_mobility_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] int[] result) { return Platform.Windows ? WinNative.ek_get_mobility_batch(n, ps, os, result) : Imports.ek_get_mobility_batch(n, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_get_stability_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] int[] result) { return Platform.Windows ? WinNative.ek_get_stability_batch(n, ps, os, result) : Imports.ek_get_stability_batch(n, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_board_get_hash_code_batch(UIntPtr n, ulong[] ps, ulong[] os, [Out] ulong[] result) { return Platform.Windows ? WinNative.ek_board_get_hash_code_batch(n, ps, os, result) : Imports.ek_board_get_hash_code_batch(n, ps, os, result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_load_file(byte[] path) { return Platform.Windows ? WinNative.ek_eval_load_file(path) : Imports.ek_eval_load_file(path); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_load_buffer(byte[] data, UIntPtr len) { return Platform.Windows ? WinNative.ek_eval_load_buffer(data, len) : Imports.ek_eval_load_buffer(data, len); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_load_default() { return Platform.Windows ? WinNative.ek_eval_load_default() : Imports.ek_eval_load_default(); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_loaded() { return Platform.Windows ? WinNative.ek_eval_loaded() : Imports.ek_eval_loaded(); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_eval_unload() { if (Platform.Windows) WinNative.ek_eval_unload(); else Imports.ek_eval_unload(); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_init(ref EvalState eval) { return Platform.Windows ? WinNative.ek_eval_init(ref eval) : Imports.ek_eval_init(ref eval); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_eval_free(ref EvalState eval) { if (Platform.Windows) WinNative.ek_eval_free(ref eval); else Imports.ek_eval_free(ref eval); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_set(ref EvalState eval, ref Board board) { return Platform.Windows ? WinNative.ek_eval_set(ref eval, ref board) : Imports.ek_eval_set(ref eval, ref board); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_update(ref EvalState eval, ref Move move) { return Platform.Windows ? WinNative.ek_eval_update(ref eval, ref move) : Imports.ek_eval_update(ref eval, ref move); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_restore(ref EvalState eval) { return Platform.Windows ? WinNative.ek_eval_restore(ref eval) : Imports.ek_eval_restore(ref eval); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_pass(ref EvalState eval) { return Platform.Windows ? WinNative.ek_eval_pass(ref eval) : Imports.ek_eval_pass(ref eval); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_eval_accumulate_checked(ref EvalState eval, out int sum) { return Platform.Windows ? WinNative.ek_eval_accumulate_checked(ref eval, out sum) : Imports.ek_eval_accumulate_checked(ref eval, out sum); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solve_shallow(ref Board board, int alpha, ref long nodes) { return Platform.Windows ? WinNative.ek_solve_shallow(ref board, alpha, ref nodes) : Imports.ek_solve_shallow(ref board, alpha, ref nodes); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static SolverHandle ek_solver_new(int hashBits) { return Platform.Windows ? WinNative.ek_solver_new(hashBits) : Imports.ek_solver_new(hashBits); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_solver_free(IntPtr solver) { if (Platform.Windows) WinNative.ek_solver_free(solver); else Imports.ek_solver_free(solver); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_solver_stop(SolverHandle solver) { if (Platform.Windows) WinNative.ek_solver_stop(solver); else Imports.ek_solver_stop(solver); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_set_node_limit(SolverHandle solver, ulong maxNodes) { return Platform.Windows ? WinNative.ek_solver_set_node_limit(solver, maxNodes) : Imports.ek_solver_set_node_limit(solver, maxNodes); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_set_threads(SolverHandle solver, int nThreads) { return Platform.Windows ? WinNative.ek_solver_set_threads(solver, nThreads) : Imports.ek_solver_set_threads(solver, nThreads); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_get_threads(SolverHandle solver) { return Platform.Windows ? WinNative.ek_solver_get_threads(solver) : Imports.ek_solver_get_threads(solver); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_set_eval(SolverHandle solver, int useEval) { return Platform.Windows ? WinNative.ek_solver_set_eval(solver, useEval) : Imports.ek_solver_set_eval(solver, useEval); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_get_eval(SolverHandle solver) { return Platform.Windows ? WinNative.ek_solver_get_eval(solver) : Imports.ek_solver_get_eval(solver); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_clear(SolverHandle solver) { return Platform.Windows ? WinNative.ek_solver_clear(solver) : Imports.ek_solver_clear(solver); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_solve(SolverHandle solver, ref Board board, int alpha, int beta, out SolveResult result) { return Platform.Windows ? WinNative.ek_solver_solve(solver, ref board, alpha, beta, out result) : Imports.ek_solver_solve(solver, ref board, alpha, beta, out result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_solve_batch(SolverHandle solver, UIntPtr n, ulong[] players, ulong[] opponents, int[] scores, int[] bestMoves) { return Platform.Windows ? WinNative.ek_solver_solve_batch(solver, n, players, opponents, scores, bestMoves) : Imports.ek_solver_solve_batch(solver, n, players, opponents, scores, bestMoves); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static WeightsHandle ek_weights_load_file(byte[] path, out int status) { return Platform.Windows ? WinNative.ek_weights_load_file(path, out status) : Imports.ek_weights_load_file(path, out status); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static WeightsHandle ek_weights_load_buffer(byte[] data, UIntPtr len, out int status) { return Platform.Windows ? WinNative.ek_weights_load_buffer(data, len, out status) : Imports.ek_weights_load_buffer(data, len, out status); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static WeightsHandle ek_weights_load_default(out int status) { return Platform.Windows ? WinNative.ek_weights_load_default(out status) : Imports.ek_weights_load_default(out status); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_weights_free(IntPtr weights) { if (Platform.Windows) WinNative.ek_weights_free(weights); else Imports.ek_weights_free(weights); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static EngineHandle ek_engine_new(WeightsHandle weights, int hashBits) { return Platform.Windows ? WinNative.ek_engine_new(weights, hashBits) : Imports.ek_engine_new(weights, hashBits); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_engine_free(IntPtr engine) { if (Platform.Windows) WinNative.ek_engine_free(engine); else Imports.ek_engine_free(engine); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static void ek_engine_stop(EngineHandle engine) { if (Platform.Windows) WinNative.ek_engine_stop(engine); else Imports.ek_engine_stop(engine); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_engine_clear(EngineHandle engine) { return Platform.Windows ? WinNative.ek_engine_clear(engine) : Imports.ek_engine_clear(engine); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_engine_set_threads(EngineHandle engine, int nThreads) { return Platform.Windows ? WinNative.ek_engine_set_threads(engine, nThreads) : Imports.ek_engine_set_threads(engine, nThreads); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_engine_get_threads(EngineHandle engine) { return Platform.Windows ? WinNative.ek_engine_get_threads(engine) : Imports.ek_engine_get_threads(engine); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_engine_search(EngineHandle engine, ref Board board, ref EngineLimits limits, out EngineResultNative result) { return Platform.Windows ? WinNative.ek_engine_search(engine, ref board, ref limits, out result) : Imports.ek_engine_search(engine, ref board, ref limits, out result); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_engine_analyze(EngineHandle engine, ref Board board, ref EngineLimits limits, MoveScore[] moves, out int nMoves) { return Platform.Windows ? WinNative.ek_engine_analyze(engine, ref board, ref limits, moves, out nMoves) : Imports.ek_engine_analyze(engine, ref board, ref limits, moves, out nMoves); }
        [MethodImpl(MethodImplOptions.NoInlining)] internal static int ek_solver_solve_many(SolverHandle solver, UIntPtr n, ulong[] players, ulong[] opponents, int alpha, int beta, int[] scores, int[] bestMoves, ulong[] nodes, int[] status) { return Platform.Windows ? WinNative.ek_solver_solve_many(solver, n, players, opponents, alpha, beta, scores, bestMoves, nodes, status) : Imports.ek_solver_solve_many(solver, n, players, opponents, alpha, beta, scores, bestMoves, nodes, status); }
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

        /// <summary>The score of a position not solved (EK_SCORE_NONE), outside every score (-64..64).</summary>
        public const int ScoreNone = 32767;

        internal const int ErrRange = -2, ErrInternal = -5, ErrNoMemory = -10, ErrStopped = -11;

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
        /// Loads the project's own evaluation weights, which the native library carries (every
        /// package has them: no file is needed), as EvalLoadFile would load that file. Takes about
        /// 0.1 s the first time (they are stored compressed); loading them again reuses them.
        /// Throws EdaxKernelsException (Status EK_ERR_NO_MEMORY, -10) and keeps the weights in
        /// use when they cannot be unpacked.
        /// </summary>
        public static void EvalLoadDefault()
        {
            Check(Native.ek_eval_load_default());
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
    /// Kernels.EvalLoadFile, EvalLoadBytes or EvalLoadDefault loaded. Set(board) starts a line,
    /// Update(x, flipped) plays a move, Pass() a pass, Restore() takes a move back, and
    /// Accumulate() gives the raw sum of the weights of the current position. Owns native memory:
    /// Dispose it (or leave it to the finalizer). Not for use by two threads at once.
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
    /// Evaluation weights in Edax's format (an eval.dat), shared by the engines given them; the
    /// memory (about 64 MB) goes with the last engine or Weights holding it.
    /// </summary>
    public sealed class Weights : IDisposable
    {
        internal readonly WeightsHandle Handle;

        static Weights()
        {
            Library.EnsureLoaded();
        }

        Weights(WeightsHandle handle, int status)
        {
            Handle = handle;
            if (handle.IsInvalid)
            {
                handle.Dispose();
                Kernels.Check(status < 0 ? status : Kernels.ErrInternal);
            }
        }

        /// <summary>The project's own weights (data/ek-eval.dat), built into the library.</summary>
        public static Weights Bundled()
        {
            int status;
            var h = Native.ek_weights_load_default(out status);
            return new Weights(h, status);
        }

        /// <summary>The weights of an eval.dat file; throws EK_ERR_IO, EK_ERR_EVAL_FORMAT or EK_ERR_EVAL_SIZE.</summary>
        public static Weights FromFile(string path)
        {
            if (path == null) throw new ArgumentNullException("path");
            int status;
            var h = Native.ek_weights_load_file(System.Text.Encoding.UTF8.GetBytes(path + "\0"), out status);
            return new Weights(h, status);
        }

        /// <summary>The weights of the bytes of an eval.dat (copied); throws EK_ERR_EVAL_FORMAT or EK_ERR_EVAL_SIZE.</summary>
        public static Weights FromBytes(byte[] data)
        {
            if (data == null) throw new ArgumentNullException("data");
            int status;
            var h = Native.ek_weights_load_buffer(data, (UIntPtr)data.Length, out status);
            return new Weights(h, status);
        }

        /// <summary>Gives back this hold (engines made with the weights keep theirs).</summary>
        public void Dispose() { Handle.Dispose(); }
    }

    /// <summary>
    /// An engine: Edax 4.6's whole search (its levels, or a depth and a selectivity; node for node
    /// with Edax on the same weights) with its own tables (a main table of 2^hashBits entries of
    /// 24 bytes, 8 &lt;= hashBits &lt;= 32) and weights, kept between searches as Edax keeps them
    /// between the moves of a game. One search at a time (a second concurrent one throws
    /// EK_ERR_BUSY); Stop may be called from any thread. Dispose frees the tables.
    /// </summary>
    public sealed class Engine : IDisposable
    {
        readonly EngineHandle handle;

        static Engine()
        {
            Library.EnsureLoaded();
        }

        /// <summary>An engine on <paramref name="weights"/> (the built-in ones when null).</summary>
        public Engine(Weights weights = null, int hashBits = 20)
        {
            Weights own = weights == null ? Weights.Bundled() : null;
            try
            {
                handle = Native.ek_engine_new((own ?? weights).Handle, hashBits);
            }
            finally
            {
                if (own != null) own.Dispose();
            }
            if (handle.IsInvalid)
            {
                handle.Dispose();
                Kernels.Check(hashBits < 8 || hashBits > 32 ? Kernels.ErrRange : Kernels.ErrNoMemory);
            }
        }

        /// <summary>
        /// Searches <paramref name="board"/> at Edax's <paramref name="level"/> (1..60), or with
        /// level 0 at <paramref name="depth"/> (1..60) and <paramref name="selectivity"/> (0..5, 5:
        /// none); a depth or selectivity given with a level (not -1) overrides the level's.
        /// maxNodes (0: none) and maxTimeMs (0: none) end it early with the deepest result
        /// completed. Throws EK_ERR_RANGE (limits, overlapping bitboards), EK_ERR_BUSY or
        /// EK_ERR_STOPPED (stopped before completing any depth).
        /// </summary>
        public SearchResult Search(Board board, int level = 10, int depth = -1, int selectivity = -1,
            ulong maxNodes = 0, ulong maxTimeMs = 0)
        {
            var limits = new EngineLimits { Level = level, Depth = depth, Selectivity = selectivity, MaxNodes = maxNodes, MaxTimeMs = maxTimeMs };
            EngineResultNative r;
            Kernels.Check(Native.ek_engine_search(handle, ref board, ref limits, out r));
            return new SearchResult(r);
        }

        /// <summary>
        /// Every legal move of <paramref name="board"/> in square order (Kernels.Pass when the side to
        /// move has none but the other side has; none when the game is over), each searched one ply
        /// less deep than Search would search the board with the same arguments (at least 1): its
        /// score, whether it is exact, whether its search completed, its nodes. The limits are the
        /// whole call's. Throws as Search.
        /// </summary>
        public MoveScore[] Analyze(Board board, int level = 10, int depth = -1, int selectivity = -1,
            ulong maxNodes = 0, ulong maxTimeMs = 0)
        {
            var limits = new EngineLimits { Level = level, Depth = depth, Selectivity = selectivity, MaxNodes = maxNodes, MaxTimeMs = maxTimeMs };
            var moves = new MoveScore[60];
            int n;
            Kernels.Check(Native.ek_engine_analyze(handle, ref board, ref limits, moves, out n));
            Array.Resize(ref moves, n);
            return moves;
        }

        /// <summary>Edax's move at <paramref name="level"/>: a square, Kernels.Pass or Kernels.NoMove.</summary>
        public int BestMove(Board board, int level = 10) { return Search(board, level).BestMove; }

        /// <summary>Makes the running search (if any) end soon with the deepest result it completed.</summary>
        public void Stop() { Native.ek_engine_stop(handle); }

        /// <summary>Empties the tables (throws EK_ERR_BUSY while a search runs).</summary>
        public void Clear() { Kernels.Check(Native.ek_engine_clear(handle)); }

        /// <summary>
        /// The threads of every later search, 1 (the default: Edax's search node for node) to 256:
        /// more search faster, with the same exact scores and other node counts (a selective
        /// search's score may differ). Setting another count throws EK_ERR_RANGE (-2) and keeps the
        /// setting.
        /// </summary>
        public int Threads
        {
            get { return Native.ek_engine_get_threads(handle); }
            set { Kernels.Check(Native.ek_engine_set_threads(handle, value)); }
        }

        /// <summary>Frees the tables once no native call uses them.</summary>
        public void Dispose() { handle.Dispose(); }
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

        /// <summary>
        /// Solves every position (players[i], opponents[i]) (players to move) on the window
        /// (alpha, beta), -64 &lt;= alpha &lt; beta &lt;= 64 (the default: exact scores; (-1, 1)
        /// tells wins, draws and losses apart, (-3, 3) too with margins, with far fewer nodes), in
        /// one native call, and reports each one: its score as Solve gives it on that window, a
        /// best move and the nodes searched, and its status. So that a partial result can be used,
        /// this does not throw for what concerns single positions: a position whose bitboards
        /// overlap is reported SolveStatus.Overlapping (not searched; the others are solved), and
        /// when Stop() or the node limit (counted per position) stops the call, the positions not
        /// solved by then are reported SolveStatus.Stopped (with several Threads, those solved
        /// need not be the first ones); unsolved positions have the score Kernels.ScoreNone
        /// (32767), the best move Kernels.NoMove and 0 nodes. Throws ArgumentNullException (a
        /// null array), ArgumentException (arrays of different lengths), EdaxKernelsException
        /// with Status EK_ERR_RANGE (-2) for a bad window and EK_ERR_BUSY (-12) when another solve
        /// is running on this solver, and ObjectDisposedException once disposed.
        /// </summary>
        public SolveManyResult SolveMany(ulong[] players, ulong[] opponents, int alpha = -64, int beta = 64)
        {
            int n = Kernels.Length(players, opponents);
            if (!(-64 <= alpha && alpha < beta && beta <= 64))
            {
                throw new EdaxKernelsException(string.Format(
                    "edax_kernels: SolveMany: the window ({0}, {1}) is not one of -64 <= alpha < beta <= 64", alpha, beta), Kernels.ErrRange);
            }
            var scores = new int[n];
            var bestMoves = new int[n];
            var nodes = new ulong[n];
            var codes = new int[n];
            // A code the library never writes: a status left so was not reported.
            for (int i = 0; i < n; i++) codes[i] = NotReported;
            int r = Native.ek_solver_solve_many(handle, Kernels.N(n), players, opponents, alpha, beta, scores, bestMoves, nodes, codes);
            // EK_OK, EK_ERR_RANGE (overlaps) and EK_ERR_STOPPED report every position; any other
            // status (EK_ERR_BUSY, EK_ERR_NO_MEMORY, ...) is the call's failure.
            if (r != 0 && r != Kernels.ErrRange && r != Kernels.ErrStopped) Kernels.Check(r);
            // Each status is one of the three, and agrees with the call's: EK_OK, every position
            // solved; EK_ERR_RANGE, none stopped (a disagreement is a bug, not a result to use).
            var statuses = new SolveStatus[n];
            for (int i = 0; i < n; i++)
            {
                int c = codes[i];
                bool known = c == 0 || c == Kernels.ErrRange || c == Kernels.ErrStopped;
                if (!known || (r == 0 && c != 0) || (r == Kernels.ErrRange && c == Kernels.ErrStopped))
                {
                    throw new EdaxKernelsException(string.Format(
                        "edax_kernels: SolveMany: position {0} reported with status {1}, the call with {2}", i, c, r), Kernels.ErrInternal);
                }
                statuses[i] = (SolveStatus)c;
            }
            return new SolveManyResult(alpha, beta, scores, bestMoves, nodes, statuses, (SolveStatus)r);
        }

        const int NotReported = int.MinValue;

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

        /// <summary>
        /// The threads of every later solve, 1 (the default) to EK_SOLVER_MAX_THREADS (256): Solve
        /// spreads one position with 16 or more empty squares over them, SolveBatch and SolveMany
        /// give each thread whole positions. The scores are those of one thread; the best move may
        /// be another move with the same score, and the node counts vary. Setting another count
        /// throws EK_ERR_RANGE (-2) and keeps the setting.
        /// </summary>
        public int Threads
        {
            get { return Native.ek_solver_get_threads(handle); }
            set { Kernels.Check(Native.ek_solver_set_threads(handle, value)); }
        }

        /// <summary>
        /// Whether every later solve orders the moves of its nodes with 14 or more empty squares
        /// with evaluation weights, as Edax does (false, the fast order alone, is the default).
        /// Setting true takes the weights loaded now (Kernels.EvalLoadFile, EvalLoadBytes or
        /// EvalLoadDefault, the project's own; the solver keeps them when others are loaded
        /// later), and throws EK_ERR_EVAL_NONE (-9) and keeps the setting when none are loaded.
        /// Only the node counts depend on it, never the scores.
        /// </summary>
        public bool UseEval
        {
            get { return Native.ek_solver_get_eval(handle) != 0; }
            set { Kernels.Check(Native.ek_solver_set_eval(handle, value ? 1 : 0)); }
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

    /// <summary>Who won a Game: None while it goes on.</summary>
    public enum Winner
    {
        /// <summary>The game is not over.</summary>
        None,
        /// <summary>Black has more discs.</summary>
        Black,
        /// <summary>White has more discs.</summary>
        White,
        /// <summary>Both have as many.</summary>
        Draw,
    }

    /// <summary>
    /// An Othello game held in managed memory: the position (the side to move's and the other
    /// side's discs, A1 = bit 0 ... H8 = bit 63), whether black is to move, and the positions
    /// before it (for Undo). The native calls are one per operation, each kept for the position:
    /// the legal moves (LegalMoves, Moves, RandomMove) one ek_get_moves per position (kept until
    /// the position changes, and restored by Undo), a move one ek_flip, and only when the side to
    /// move has no move, one ek_can_move per position for the other side (IsOver, MustPass,
    /// Pass); the rest is managed code. A random game costs two calls a move: PlayRandom is
    /// RandomMove (the legal moves) then the move (the flip). Arguments are checked before any
    /// native call: bad ones throw, and the game is left as it was. Not for use by two threads at
    /// once.
    /// </summary>
    public sealed class Game
    {
        /// <summary>A position and what is known of it.</summary>
        struct Position
        {
            public ulong P, O, Moves;
            public bool Black, MovesKnown;
            // The other side's mobility, read only when the side to move has no move: 0 unknown, 1 it can move, 2 it cannot.
            public byte OtherCanMove;
        }

        Position now;
        Position[] history = new Position[64];
        int ply;

        static Game()
        {
            Library.EnsureLoaded();
        }

        /// <summary>The start position, black to move.</summary>
        public Game() : this(Board.Start.Player, Board.Start.Opponent, true) { }

        /// <summary>
        /// The position where the side to move has the discs <paramref name="player"/> and the
        /// other side <paramref name="opponent"/>, black to move when <paramref name="blackToMove"/>.
        /// Throws ArgumentException when the bitboards overlap.
        /// </summary>
        public Game(ulong player, ulong opponent, bool blackToMove)
        {
            if ((player & opponent) != 0)
            {
                throw new ArgumentException(string.Format(
                    "Game: the bitboards overlap ({0:x16} and {1:x16}, both on {2})", player, opponent, Squares(player & opponent)));
            }
            now = new Position { P = player, O = opponent, Black = blackToMove };
        }

        /// <summary>The position of <paramref name="board"/> (its player to move), black to move when <paramref name="blackToMove"/>.</summary>
        public Game(Board board, bool blackToMove) : this(board.Player, board.Opponent, blackToMove) { }

        Game(Game other)
        {
            now = other.now;
            history = (Position[])other.history.Clone();
            ply = other.ply;
        }

        /// <summary>A copy: the position and its history (the copies then go their own ways).</summary>
        public Game Copy() { return new Game(this); }

        /// <summary>
        /// The game at the position of Edax's board text: 64 squares A1, B1, ... H8 ('X', 'x' or
        /// '*' black; 'O' or 'o' white; '-' or '.' empty), then the side to move ('X' or 'O'; 'x',
        /// '*', 'o' too), whitespace anywhere ignored, nothing after. Throws ArgumentNullException,
        /// or FormatException naming what is wrong.
        /// </summary>
        public static Game FromText(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            return Parse(text, text, "Game.FromText");
        }

        /// <summary>
        /// The game at the position of an Edax .obf line: the board text (see FromText), then ';'
        /// and whatever follows it (the moves' scores, such as "G8:+18; H1:+12;", not read).
        /// Throws ArgumentNullException, or FormatException naming what is wrong.
        /// </summary>
        public static Game FromObf(string line)
        {
            if (line == null) throw new ArgumentNullException("line");
            int semicolon = line.IndexOf(';');
            if (semicolon < 0) throw new FormatException("Game.FromObf: no ';' after the side to move: \"" + line + "\"");
            return Parse(line.Substring(0, semicolon), line, "Game.FromObf");
        }

        static Game Parse(string text, string shown, string what)
        {
            ulong black = 0, white = 0;
            int squares = 0;
            bool? blackToMove = null;
            foreach (char c in text)
            {
                if (char.IsWhiteSpace(c)) continue;
                if (squares < 64)
                {
                    if (c == 'X' || c == 'x' || c == '*') black |= 1UL << squares;
                    else if (c == 'O' || c == 'o') white |= 1UL << squares;
                    else if (c != '-' && c != '.')
                    {
                        throw new FormatException(string.Format(
                            "{0}: '{1}' at square {2} is not a square ('X', 'x' or '*' black, 'O' or 'o' white, '-' or '.' empty): \"{3}\"",
                            what, c, Square(squares), shown));
                    }
                    squares++;
                }
                else if (blackToMove == null)
                {
                    if (c == 'X' || c == 'x' || c == '*') blackToMove = true;
                    else if (c == 'O' || c == 'o') blackToMove = false;
                    else throw new FormatException(string.Format("{0}: '{1}' after the 64 squares is not a side to move (X or O): \"{2}\"", what, c, shown));
                }
                else
                {
                    throw new FormatException(string.Format("{0}: '{1}' after the side to move (more than 64 squares?): \"{2}\"", what, c, shown));
                }
            }
            if (squares < 64) throw new FormatException(string.Format("{0}: {1} squares, not 64, and no side to move: \"{2}\"", what, squares, shown));
            if (blackToMove == null) throw new FormatException(string.Format("{0}: no side to move (X or O) after the 64 squares (63 squares and a side?): \"{1}\"", what, shown));
            return blackToMove.Value ? new Game(black, white, true) : new Game(white, black, false);
        }

        /// <summary>Edax's board text: 64 squares A1..H8 ('X' black, 'O' white, '-' empty), a space, the side to move ('X' or 'O').</summary>
        public string ToText()
        {
            ulong black = BlackBits, white = WhiteBits;
            var s = new char[66];
            for (int x = 0; x < 64; x++) s[x] = (black >> x & 1) != 0 ? 'X' : (white >> x & 1) != 0 ? 'O' : '-';
            s[64] = ' ';
            s[65] = now.Black ? 'X' : 'O';
            return new string(s);
        }

        /// <summary>An Edax .obf line of the position: the board text and ';'.</summary>
        public string ToObf() { return ToText() + ";"; }

        /// <summary>Game.FromText("...") with the position's text.</summary>
        public override string ToString() { return "Game.FromText(\"" + ToText() + "\")"; }

        /// <summary>The side to move's discs.</summary>
        public ulong Player { get { return now.P; } }

        /// <summary>The other side's discs.</summary>
        public ulong Opponent { get { return now.O; } }

        /// <summary>The position, seen from the side to move.</summary>
        public Board Board { get { return new Board(now.P, now.O); } }

        /// <summary>Whether black is to move.</summary>
        public bool BlackToMove { get { return now.Black; } }

        /// <summary>Moves and passes played since the game's first position (what Undo can take back).</summary>
        public int Ply { get { return ply; } }

        ulong BlackBits { get { return now.Black ? now.P : now.O; } }

        ulong WhiteBits { get { return now.Black ? now.O : now.P; } }

        /// <summary>The legal moves of the side to move, as a bitboard (one ek_get_moves per position).</summary>
        public ulong LegalMoves
        {
            get
            {
                if (!now.MovesKnown)
                {
                    now.Moves = Native.ek_get_moves(now.P, now.O);
                    now.MovesKnown = true;
                }
                return now.Moves;
            }
        }

        /// <summary>The legal moves of the side to move, as squares (0..63, A1 first).</summary>
        public int[] Moves()
        {
            ulong m = LegalMoves;
            var squares = new int[PopCount(m)];
            for (int i = 0; m != 0; m &= m - 1) squares[i++] = TrailingZeros(m);
            return squares;
        }

        /// <summary>Whether the other side can move (asked only when the side to move cannot).</summary>
        bool OtherCanMove
        {
            get
            {
                if (now.OtherCanMove == 0) now.OtherCanMove = Native.ek_can_move(now.O, now.P) ? (byte)1 : (byte)2;
                return now.OtherCanMove == 1;
            }
        }

        /// <summary>Whether the side to move must pass: it has no move, the other side has one.</summary>
        public bool MustPass { get { return LegalMoves == 0 && OtherCanMove; } }

        /// <summary>Whether the game is over: neither side can move.</summary>
        public bool IsOver { get { return LegalMoves == 0 && !OtherCanMove; } }

        /// <summary>Black's discs, counted.</summary>
        public int BlackDiscs { get { return PopCount(BlackBits); } }

        /// <summary>White's discs, counted.</summary>
        public int WhiteDiscs { get { return PopCount(WhiteBits); } }

        /// <summary>The empty squares, counted.</summary>
        public int Empties { get { return 64 - PopCount(now.P | now.O); } }

        /// <summary>
        /// Black's final score once the game is over, as the solver counts it: black's discs
        /// minus white's, the empty squares going to the winner (none on a draw); null while the
        /// game goes on.
        /// </summary>
        public int? Score
        {
            get
            {
                if (!IsOver) return null;
                int black = BlackDiscs, white = WhiteDiscs, empties = 64 - black - white;
                return black > white ? black - white + empties : black < white ? black - white - empties : 0;
            }
        }

        /// <summary>Who won (Black, White or Draw) once the game is over; Winner.None while it goes on.</summary>
        public Winner Winner
        {
            get
            {
                int? score = Score;
                if (score == null) return Winner.None;
                return score > 0 ? Winner.Black : score < 0 ? Winner.White : Winner.Draw;
            }
        }

        /// <summary>
        /// The side to move plays <paramref name="x"/> (0..63; one ek_flip). Throws
        /// ArgumentOutOfRangeException for a square outside 0..63 (Kernels.Pass included: Pass()
        /// passes), ArgumentException when it is not a legal move; the message names the square.
        /// </summary>
        public void Play(int x)
        {
            if (x < 0 || x > 63)
            {
                throw new ArgumentOutOfRangeException("x", x, string.Format("Game.Play: {0} is not a square (0..63){1}",
                    x, x == Kernels.Pass ? "; to pass, call Pass()" : ""));
            }
            ulong bit = 1UL << x;
            // A move is legal exactly when its square is empty and it flips discs: the legal
            // moves, when known, spare the call for an illegal one.
            ulong flipped = ((now.P | now.O) & bit) != 0 || (now.MovesKnown && (now.Moves & bit) == 0) ? 0 : Native.ek_flip(x, now.P, now.O);
            if (flipped == 0) throw new ArgumentException(Illegal(x), "x");
            Push(new Position { P = now.O ^ flipped, O = now.P ^ flipped ^ bit, Black = !now.Black });
        }

        string Illegal(int x)
        {
            return string.Format("Game.Play: {0} (square {1}) is not a legal move for {2}: {3} (legal: {4})", Square(x), x,
                now.Black ? "black" : "white", ((now.P | now.O) >> x & 1) != 0 ? "it is occupied" : "it flips no disc",
                LegalMoves == 0 ? "none" : Squares(LegalMoves));
        }

        /// <summary>
        /// The side to move passes. Throws InvalidOperationException when it has a move, or when
        /// the game is over.
        /// </summary>
        public void Pass()
        {
            if (LegalMoves != 0)
            {
                throw new InvalidOperationException(string.Format("Game.Pass: {0} has a move ({1}): no pass",
                    now.Black ? "black" : "white", Squares(LegalMoves)));
            }
            if (!OtherCanMove) throw new InvalidOperationException("Game.Pass: the game is over (neither side can move): no pass");
            PushPass();
        }

        void PushPass()
        {
            // The side that passes has no move: known for the next position's other side.
            Push(new Position { P = now.O, O = now.P, Black = !now.Black, OtherCanMove = 2 });
        }

        void Push(Position next)
        {
            if (ply == history.Length) Array.Resize(ref history, 2 * ply);
            history[ply++] = now;
            now = next;
        }

        /// <summary>Takes back the last move or pass. Throws InvalidOperationException at the game's first position.</summary>
        public void Undo()
        {
            if (ply == 0) throw new InvalidOperationException("Game.Undo: nothing to undo (this is the game's first position)");
            now = history[--ply];
        }

        /// <summary>
        /// A legal move of the side to move chosen uniformly with <paramref name="rng"/>, not
        /// played: Kernels.Pass (64) when it must pass, Kernels.NoMove (65) when the game is over.
        /// </summary>
        public int RandomMove(Random rng)
        {
            if (rng == null) throw new ArgumentNullException("rng");
            ulong m = LegalMoves;
            if (m == 0) return OtherCanMove ? Kernels.Pass : Kernels.NoMove;
            for (int k = rng.Next(PopCount(m)); k > 0; k--) m &= m - 1;
            return TrailingZeros(m);
        }

        /// <summary>
        /// Plays RandomMove(rng) and returns it: a square, Kernels.Pass (a pass was played) or
        /// Kernels.NoMove (the game is over; nothing was played).
        /// </summary>
        public int PlayRandom(Random rng)
        {
            int x = RandomMove(rng);
            if (x == Kernels.Pass)
            {
                PushPass();
            }
            else if (x != Kernels.NoMove)
            {
                ulong bit = 1UL << x, flipped = Native.ek_flip(x, now.P, now.O);
                Push(new Position { P = now.O ^ flipped, O = now.P ^ flipped ^ bit, Black = !now.Black });
            }
            return x;
        }

        /// <summary>The name of square x: "A1" .. "H8".</summary>
        static string Square(int x) { return string.Format("{0}{1}", (char)('A' + x % 8), x / 8 + 1); }

        /// <summary>The names of the squares of b, separated by spaces.</summary>
        static string Squares(ulong b)
        {
            var names = new StringBuilder();
            for (; b != 0; b &= b - 1) names.Append(names.Length == 0 ? "" : " ").Append(Square(TrailingZeros(b)));
            return names.ToString();
        }

        static int PopCount(ulong b)
        {
            b -= (b >> 1) & 0x5555555555555555UL;
            b = (b & 0x3333333333333333UL) + ((b >> 2) & 0x3333333333333333UL);
            b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fUL;
            return (int)((b * 0x0101010101010101UL) >> 56);
        }

        /// <summary>The index of the lowest set bit of b (b != 0).</summary>
        static int TrailingZeros(ulong b) { return PopCount((b & (~b + 1)) - 1); }
    }
}
