using System;

namespace EdaxKernels
{
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
}
