using System.Runtime.InteropServices;

namespace EdaxKernels
{
    /// <summary>What limits an Engine search (the C EkEngineLimits).</summary>
    [StructLayout(LayoutKind.Sequential)]
    struct EngineLimits
    {
        internal int Level, Depth, Selectivity;
        internal ulong MaxNodes, MaxTimeMs;
    }
}
