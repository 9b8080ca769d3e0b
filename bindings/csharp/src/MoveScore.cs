using System.Runtime.InteropServices;

namespace EdaxKernels
{
    /// <summary>One move of Engine.Analyze (the C EkMoveScore).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct MoveScore
    {
        /// <summary>The move: a square, or Kernels.Pass (the only move of a player who has none).</summary>
        public readonly int Square;
        /// <summary>Its score for the side to move (32767 when not even one depth of its search completed).</summary>
        public readonly int Score;
        readonly int exact, complete;
        /// <summary>The nodes of the move's search.</summary>
        public readonly long Nodes;

        /// <summary>Whether Score is the exact final score after the move.</summary>
        public bool Exact { get { return exact != 0; } }
        /// <summary>Whether the move's search reached its depth.</summary>
        public bool Complete { get { return complete != 0; } }

        public override string ToString() { return string.Format("MoveScore({0}, {1}, exact {2}, complete {3}, {4} nodes)", Square, Score, Exact, Complete, Nodes); }
    }
}
