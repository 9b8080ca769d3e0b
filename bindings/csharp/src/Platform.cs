using System;
using System.IO;

namespace EdaxKernels
{
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
}
