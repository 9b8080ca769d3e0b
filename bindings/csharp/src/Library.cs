// The C# binding of edax-kernels: finding and loading the library.
//
// Finding the library: Library.Load(path) with an explicit path; else the path in the
// environment variable EDAX_KERNELS_LIB; else the copy the NuGet package installed for this
// process's platform (see Library.Packaged); else the system search path: libedax_kernels.so on
// Linux (LD_LIBRARY_PATH, the linker cache, /usr/lib), edax_kernels.dll on Windows (the DLL
// search path: the application's directory, the system directories, PATH). The first use of
// Kernels loads it (the default way unless Library.Load came first); a library that cannot be
// found raises an EdaxKernelsException saying which ways were tried.

using System;
using System.IO;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;

namespace EdaxKernels
{
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
}
