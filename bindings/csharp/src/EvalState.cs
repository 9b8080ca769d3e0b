using System;
using System.Runtime.InteropServices;

namespace EdaxKernels
{
    /// <summary>The C EkEval (Edax's Eval): features of the current line, side and ply.</summary>
    [StructLayout(LayoutKind.Sequential)]
    struct EvalState
    {
        public IntPtr Feature;
        public int Player;
        public int Ply;
    }
}
