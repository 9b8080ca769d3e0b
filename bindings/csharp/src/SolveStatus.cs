namespace EdaxKernels
{
    /// <summary>How Solver.SolveMany left a position (its value is the C status code).</summary>
    public enum SolveStatus
    {
        /// <summary>Solved (EK_OK): its score, best move and nodes are given.</summary>
        Solved = 0,
        /// <summary>Not searched: its bitboards overlap (EK_ERR_RANGE, -2).</summary>
        Overlapping = -2,
        /// <summary>Not solved: Solver.Stop or the node limit stopped the call first (EK_ERR_STOPPED, -11).</summary>
        Stopped = -11,
    }
}
