// Tests of the C# binding's platform code, including what only Windows runs, on Linux: compiled
// with the binding's sources (src/*.cs) and the generated EdaxKernels.Windows.g.cs (their internal
// classes are visible here), it checks the runtime identifier of a process (injected: Windows x64,
// ARM64, x86; Linux from the executable's header), the header of each native file of the package,
// the choice of the package's copy for each platform in the layouts of a build's output and of the
// package, the system search path's name and the load error on each platform, the generated Windows
// declarations against Imports (names, signatures, marshalling, library names, search paths), the
// forwarders and Native's wrappers, and the DllImportResolver's signature. Loads no library.
//
// Usage: mono PlatformTests.exe PACKAGE_DIR PROCESS_RID   (PACKAGE_DIR: the installed package,
// with lib/net45/ and runtimes/; PROCESS_RID: this process's, e.g. linux-x64; with
// EDAX_KERNELS_LIB unset)

using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using EdaxKernels;

static class PlatformTests
{
    delegate IntPtr Resolver(string libraryName, Assembly assembly, DllImportSearchPath? searchPath);

    static int passed, failed;

    static void Eq<T>(T got, T want, string what)
    {
        if (!EqualityComparer<T>.Default.Equals(got, want))
            throw new Exception(string.Format("{0}: got {1}, want {2}", what, got == null ? "null" : got.ToString(), want == null ? "null" : want.ToString()));
    }

    static void Contains(string s, string part, string what)
    {
        if (!s.Contains(part)) throw new Exception(what + ": no \"" + part + "\" in: " + s);
    }

    static void Run(string name, Action test)
    {
        try
        {
            test();
            passed++;
            Console.WriteLine("ok   " + name);
        }
        catch (Exception e)
        {
            failed++;
            Console.WriteLine("FAIL " + name + ": " + e.Message);
        }
    }

    const BindingFlags Static = BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public | BindingFlags.DeclaredOnly;

    static MethodInfo[] Methods(Type t)
    {
        return t.GetMethods(Static).Where(m => m.Name.StartsWith("ek_")).OrderBy(m => m.Name).ToArray();
    }

    static Type Internal(string name)
    {
        Type t = typeof(Library).Assembly.GetType("EdaxKernels." + name);
        if (t == null) throw new Exception("no class " + name);
        return t;
    }

    static string Signature(MethodInfo m)
    {
        return m.ReturnType + " " + m.Name + "(" + string.Join(", ", m.GetParameters().Select(p => p.ParameterType.ToString())) + ")";
    }

    /// The marshalling of a declaration: its parameters' [In]/[Out] and the return's MarshalAs.
    static string Marshalling(MethodInfo m)
    {
        var ret = (MarshalAsAttribute)Attribute.GetCustomAttribute(m.ReturnParameter, typeof(MarshalAsAttribute));
        return string.Join(" ", m.GetParameters().Select(p => (p.Attributes & (ParameterAttributes.In | ParameterAttributes.Out)).ToString()))
            + " return " + (ret == null ? "default" : ret.Value.ToString());
    }

    static DllImportAttribute Import(MethodInfo m)
    {
        var a = (DllImportAttribute)Attribute.GetCustomAttribute(m, typeof(DllImportAttribute));
        if (a == null) throw new Exception(m.DeclaringType.Name + "." + m.Name + " is not a DllImport");
        return a;
    }

    static bool NoInlining(MethodInfo m)
    {
        return (m.GetMethodImplementationFlags() & MethodImplAttributes.NoInlining) != 0;
    }

    static void Copy(string from, string to)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(to));
        File.Copy(from, to, true);
    }

    static int Main(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("usage: PlatformTests.exe PACKAGE_DIR PROCESS_RID");
            return 2;
        }
        string pkg = Path.GetFullPath(args[0]), processRid = args[1];
        string so = Library.FileName, dll = Library.WindowsFileName;
        string x64 = Path.Combine(pkg, "runtimes", "linux-x64", "native", so);
        string arm64 = Path.Combine(pkg, "runtimes", "linux-arm64", "native", so);
        string win = Path.Combine(pkg, "runtimes", "win-x64", "native", dll);

        Run("the runtime identifier of a process (injected)", () =>
        {
            Eq(Platform.Rid(true, "AMD64", 8, null), "win-x64", "Windows x64");
            Eq(Platform.Rid(true, "amd64", 8, null), "win-x64", "Windows x64, lower case");
            Eq(Platform.Rid(true, null, 8, null), "win-x64", "Windows 64-bit, no PROCESSOR_ARCHITECTURE");
            Eq(Platform.Rid(true, "ARM64", 8, null), "win-arm64", "Windows ARM64");
            Eq(Platform.Rid(true, "x86", 4, null), "win-x86", "Windows 32-bit (Prefer 32-bit)");
            Eq(Platform.Rid(true, "ARM", 4, null), "win-arm", "Windows ARM");
            Eq(Platform.Rid(false, null, 8, "linux-arm64"), "linux-arm64", "Linux, from the executable");
            Eq(Platform.Rid(false, null, 8, "linux-x64"), "linux-x64", "Linux x64, from the executable");
            Eq(Platform.Rid(false, "AMD64", 8, "linux-arm64"), "linux-arm64", "Linux ignores PROCESSOR_ARCHITECTURE");
            Eq(Platform.Rid(false, null, 8, null), "linux-x64", "Linux 64-bit, executable unreadable");
            Eq(Platform.Rid(false, null, 4, null), null, "Linux 32-bit, executable unreadable");
        });
        Run("this process's runtime identifier (/proc/self/exe)", () =>
        {
            Eq(Platform.Windows, false, "Platform.Windows");
            Eq(Platform.FileRid("/proc/self/exe"), processRid, "/proc/self/exe");
            Eq(Platform.Rid(), processRid, "Platform.Rid()");
        });
        Run("the header of each native file of the package", () =>
        {
            Eq(Platform.FileRid(x64), "linux-x64", x64);
            Eq(Platform.FileRid(arm64), "linux-arm64", arm64);
            Eq(Platform.FileRid(win), "win-x64", win);
            Eq(Platform.FileRid(Path.Combine(pkg, "build", "EdaxKernels.targets")), null, "a text file");
            Eq(Platform.FileRid(Path.Combine(pkg, "lib", "net45", "EdaxKernels.dll")), "win-x86", "a managed assembly (PE32, i386)");
            Eq(Platform.FileRid(Path.Combine(pkg, "no such file")), null, "a missing file");
        });
        Run("the package's copy for each platform, used in place (lib/net45 -> runtimes/RID/native)", () =>
        {
            string lib = Path.Combine(pkg, "lib", "net45");
            Eq(Library.Packaged(lib, "linux-x64", so), x64, "linux-x64");
            Eq(Library.Packaged(lib, "linux-arm64", so), arm64, "linux-arm64");
            Eq(Library.Packaged(lib, "win-x64", dll), win, "win-x64");
            Eq(Library.Packaged(lib, "win-arm64", dll), null, "win-arm64 (not in the package)");
            Eq(Library.Packaged(lib, "win-x86", dll), null, "win-x86 (not in the package)");
            Eq(Library.Packaged(lib, null, so), null, "unknown platform");
        });
        string tmp = Path.Combine(Path.GetTempPath(), "edax-kernels-platform-tests-" + System.Diagnostics.Process.GetCurrentProcess().Id);
        try
        {
            Run("the copy in a .NET Framework or Mono build's output (EdaxKernels.targets' layout)", () =>
            {
                // Linux: the x86-64 library beside the assembly, the ARM64 one below it.
                string linux = Path.Combine(tmp, "linux-bin");
                Copy(x64, Path.Combine(linux, so));
                Copy(arm64, Path.Combine(linux, "runtimes", "linux-arm64", "native", so));
                Eq(Library.Packaged(linux, "linux-x64", so), Path.Combine(linux, so), "linux-x64");
                Eq(Library.Packaged(linux, "linux-arm64", so), Path.Combine(linux, "runtimes", "linux-arm64", "native", so), "linux-arm64");
                // A library of another architecture beside the assembly is passed over.
                string wrong = Path.Combine(tmp, "wrong-bin");
                Copy(arm64, Path.Combine(wrong, so));
                Copy(x64, Path.Combine(wrong, "runtimes", "linux-x64", "native", so));
                Eq(Library.Packaged(wrong, "linux-x64", so), Path.Combine(wrong, "runtimes", "linux-x64", "native", so), "linux-x64 under an ARM64 one");
                Eq(Library.Packaged(wrong, "linux-arm64", so), Path.Combine(wrong, so), "linux-arm64 beside");
                // Windows: the DLL beside the assembly; a dotnet build's output, below it.
                string windows = Path.Combine(tmp, "windows-bin");
                Copy(win, Path.Combine(windows, dll));
                Eq(Library.Packaged(windows, "win-x64", dll), Path.Combine(windows, dll), "win-x64");
                Eq(Library.Packaged(windows, "win-arm64", dll), null, "win-arm64");
                string dotnet = Path.Combine(tmp, "dotnet-bin");
                Copy(win, Path.Combine(dotnet, "runtimes", "win-x64", "native", dll));
                Eq(Library.Packaged(dotnet, "win-x64", dll), Path.Combine(dotnet, "runtimes", "win-x64", "native", dll), "win-x64 (dotnet)");
                // A Linux library named as the DLL is no Windows library.
                string fake = Path.Combine(tmp, "fake-bin");
                Copy(x64, Path.Combine(fake, dll));
                Eq(Library.Packaged(fake, "win-x64", dll), null, "an ELF file named edax_kernels.dll");
            });
        }
        finally
        {
            if (Directory.Exists(tmp)) Directory.Delete(tmp, true);
        }
        Run("the way chosen on each platform: the file name on the system search path", () =>
        {
            string how;
            Eq(Environment.GetEnvironmentVariable(Library.EnvVar), null, Library.EnvVar + " (must be unset)");
            // This assembly's directory has no library: the system search path.
            Eq(Library.Choose(true, "win-x64", null, out how), "edax_kernels.dll", "Windows, default");
            Eq(how, "system search path", "Windows, default: how");
            Eq(Library.Choose(false, "linux-arm64", null, out how), "libedax_kernels.so", "Linux, default");
            Eq(Library.Choose(true, "win-x64", @"C:\app\edax_kernels.dll", out how), @"C:\app\edax_kernels.dll", "Windows, explicit");
            Eq(how, "explicit path", "Windows, explicit: how");
            Eq(Library.SystemFileName(true), "edax_kernels.dll", "Windows");
            Eq(Library.SystemFileName(false), Library.FileName, "Linux");
        });
        Run("the load error on each platform names the ways to find the library", () =>
        {
            string w = Library.LoadError(true, "win-x64", @"C:\x\edax_kernels.dll", "explicit path", "The specified module could not be found. (error 126)");
            foreach (string part in new[] { @"C:\x\edax_kernels.dll", "explicit path", "error 126", Library.EnvVar, "Library.Load",
                                            "win-x64", "this process: win-x64", "edax_kernels.dll on the DLL search path", "PATH" })
                Contains(w, part, "Windows");
            string a = Library.LoadError(true, "win-x86", "edax_kernels.dll", "system search path", "why");
            Contains(a, "this process: win-x86", "Windows 32-bit");
            string l = Library.LoadError(false, "linux-arm64", "/x/libedax_kernels.so", "NuGet package", "why");
            foreach (string part in new[] { "/x/libedax_kernels.so", "NuGet package", Library.EnvVar, "linux-x64, linux-arm64, win-x64",
                                            "this process: linux-arm64", "libedax_kernels.so on the library search path (LD_LIBRARY_PATH)" })
                Contains(l, part, "Linux");
            Contains(Library.LoadError(false, null, "f", "h", "w"), "this process: unknown", "unknown platform");
        });
        Run("WinImports declares what Imports declares, bound to edax_kernels.dll", () =>
        {
            MethodInfo[] linux = Methods(Internal("Imports")), windows = Methods(Internal("WinImports"));
            if (linux.Length < 40) throw new Exception("Imports has " + linux.Length + " ek_ declarations");
            Eq(string.Join(" ", windows.Select(m => m.Name)), string.Join(" ", linux.Select(m => m.Name)), "names");
            for (int i = 0; i < linux.Length; i++)
            {
                MethodInfo l = linux[i], w = windows[i];
                Eq(Signature(w), Signature(l), "signature");
                Eq(Marshalling(w), Marshalling(l), l.Name + " marshalling");
                DllImportAttribute li = Import(l), wi = Import(w);
                Eq(li.Value, "libedax_kernels.so.0.1", l.Name + " Linux library");
                Eq(wi.Value, "edax_kernels.dll", w.Name + " Windows library");
                Eq(wi.EntryPoint, li.EntryPoint, l.Name + " entry point");
                Eq(wi.CallingConvention, li.CallingConvention, l.Name + " calling convention");
                Eq(wi.CharSet, li.CharSet, l.Name + " character set");
                Eq(wi.SetLastError, li.SetLastError, l.Name + " SetLastError");
                Eq(wi.PreserveSig, li.PreserveSig, l.Name + " PreserveSig");
                var paths = (DefaultDllImportSearchPathsAttribute)Attribute.GetCustomAttribute(w, typeof(DefaultDllImportSearchPathsAttribute));
                if (paths == null) throw new Exception(w.Name + " has no DefaultDllImportSearchPaths");
                Eq(paths.Paths, DllImportSearchPath.SafeDirectories, w.Name + " search paths");
            }
        });
        Run("WinNative and Native wrap every declaration in a non-inlined method", () =>
        {
            MethodInfo[] linux = Methods(Internal("Imports"));
            foreach (string wrapper in new[] { "WinNative", "Native" })
            {
                MethodInfo[] wrappers = Methods(Internal(wrapper));
                Eq(string.Join(" ", wrappers.Select(m => m.Name)), string.Join(" ", linux.Select(m => m.Name)), wrapper + " names");
                for (int i = 0; i < linux.Length; i++)
                {
                    Eq(Signature(wrappers[i]), Signature(linux[i]), wrapper + " signature");
                    Eq(NoInlining(wrappers[i]), true, wrapper + "." + wrappers[i].Name + " NoInlining");
                    Eq((wrappers[i].Attributes & MethodAttributes.PinvokeImpl) == 0, true, wrapper + "." + wrappers[i].Name + " is managed");
                }
            }
        });
        Run("the DllImportResolver (.NET Core 3+ on Windows) has the delegate's signature", () =>
        {
            MethodInfo resolve = Library.ResolverMethod;
            if (resolve == null) throw new Exception("no Library.Resolve");
            var r = (Resolver)Delegate.CreateDelegate(typeof(Resolver), resolve);
            // Nothing loaded on Windows here: the runtime's own search (zero) for every name.
            Eq(r("edax_kernels.dll", typeof(Library).Assembly, null), IntPtr.Zero, "edax_kernels.dll, nothing loaded");
            Eq(r("kernel32.dll", typeof(Library).Assembly, DllImportSearchPath.System32), IntPtr.Zero, "another library");
        });
        Console.WriteLine("csharp platform: {0} passed, {1} failed", passed, failed);
        return failed == 0 ? 0 : 1;
    }
}
