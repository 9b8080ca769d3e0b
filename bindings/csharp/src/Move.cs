using System;
using System.Runtime.InteropServices;

namespace EdaxKernels
{
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
}
