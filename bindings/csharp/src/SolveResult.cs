using System.Runtime.InteropServices;

namespace EdaxKernels
{
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
}
