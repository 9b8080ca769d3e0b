using System.Linq;

namespace EdaxKernels
{
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
}
