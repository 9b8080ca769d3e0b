using System.Runtime.InteropServices;

namespace EdaxKernels
{
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
}
