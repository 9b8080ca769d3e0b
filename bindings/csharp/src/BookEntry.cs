using System.Runtime.InteropServices;

namespace EdaxKernels
{
    /// <summary>A position of a Book (Book.Probe; the C EkBookEntry).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct BookEntry
    {
        /// <summary>The position's value (the best of its links and leaf).</summary>
        public readonly int Value;
        /// <summary>Its lower bound.</summary>
        public readonly int Lower;
        /// <summary>Its upper bound.</summary>
        public readonly int Upper;
        /// <summary>The level its leaf was searched at.</summary>
        public readonly int Level;
        /// <summary>The number of links (moves to positions in the book).</summary>
        public readonly int Links;
        /// <summary>The leaf's move (the best move not linked) on the asked board; Kernels.NoMove: none.</summary>
        public readonly int LeafMove;
        /// <summary>The leaf's score.</summary>
        public readonly int LeafScore;
        /// <summary>Won, drawn, lost and all lines below (Edax's stored counts).</summary>
        public readonly uint Wins, Draws, Losses, Lines;

        public override string ToString()
        {
            return string.Format("BookEntry(value {0} [{1}, {2}], level {3}, {4} links, leaf {5}:{6})",
                Value, Lower, Upper, Level, Links, LeafMove, LeafScore);
        }
    }

    /// <summary>A book move (a square, Kernels.Pass, or Kernels.NoMove from RandomMove) and its score.</summary>
    public struct BookMove
    {
        /// <summary>The move.</summary>
        public readonly int Move;
        /// <summary>Its score for the side to move.</summary>
        public readonly int Score;

        public BookMove(int move, int score) { Move = move; Score = score; }

        public override string ToString() { return Move + ":" + Score; }
    }

    /// <summary>How Engine.Play uses a book (the C EkBookUse).</summary>
    [StructLayout(LayoutKind.Sequential)]
    struct BookUse
    {
        internal int Enabled, Randomness;
    }

    /// <summary>The C EkPlayResult, as the library writes it.</summary>
    [StructLayout(LayoutKind.Sequential)]
    struct PlayResultNative
    {
        internal EngineResultNative Result;
        internal int FromBook;
    }

    /// <summary>Engine.Play's outcome: the search result (for a book move, Edax's: depth 0, no
    /// nodes, the move's book score, the book's line as the principal variation), and whether the
    /// move came from the book.</summary>
    public sealed class PlayResult
    {
        /// <summary>The move, its score, depth, ... as Engine.Search gives them.</summary>
        public SearchResult Result { get; private set; }
        /// <summary>Whether the move came from the book.</summary>
        public bool FromBook { get; private set; }

        internal PlayResult(PlayResultNative r)
        {
            Result = new SearchResult(r.Result);
            FromBook = r.FromBook != 0;
        }

        public override string ToString() { return (FromBook ? "book " : "search ") + Result; }
    }
}
