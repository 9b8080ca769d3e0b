using System;

namespace EdaxKernels
{
    /// <summary>
    /// An engine: Edax 4.6's whole search (its levels, or a depth and a selectivity; node for node
    /// with Edax on the same weights) with its own tables (a main table of 2^hashBits entries of
    /// 24 bytes, 8 &lt;= hashBits &lt;= 32) and weights, kept between searches as Edax keeps them
    /// between the moves of a game. One search at a time (a second concurrent one throws
    /// EK_ERR_BUSY); Stop may be called from any thread. Dispose frees the tables.
    /// </summary>
    public sealed class Engine : IDisposable
    {
        readonly EngineHandle handle;

        static Engine()
        {
            Library.EnsureLoaded();
        }

        /// <summary>An engine on <paramref name="weights"/> (the built-in ones when null).</summary>
        public Engine(Weights weights = null, int hashBits = 20)
        {
            Weights own = weights == null ? Weights.Bundled() : null;
            try
            {
                handle = Native.ek_engine_new((own ?? weights).Handle, hashBits);
            }
            finally
            {
                if (own != null) own.Dispose();
            }
            if (handle.IsInvalid)
            {
                handle.Dispose();
                Kernels.Check(hashBits < 8 || hashBits > 32 ? Kernels.ErrRange : Kernels.ErrNoMemory);
            }
        }

        /// <summary>
        /// Searches <paramref name="board"/> at Edax's <paramref name="level"/> (1..60), or with
        /// level 0 at <paramref name="depth"/> (1..60) and <paramref name="selectivity"/> (0..5, 5:
        /// none); a depth or selectivity given with a level (not -1) overrides the level's.
        /// maxNodes (0: none) and maxTimeMs (0: none) end it early with the deepest result
        /// completed. Throws EK_ERR_RANGE (limits, overlapping bitboards), EK_ERR_BUSY or
        /// EK_ERR_STOPPED (stopped before completing any depth).
        /// </summary>
        public SearchResult Search(Board board, int level = 10, int depth = -1, int selectivity = -1,
            ulong maxNodes = 0, ulong maxTimeMs = 0)
        {
            var limits = new EngineLimits { Level = level, Depth = depth, Selectivity = selectivity, MaxNodes = maxNodes, MaxTimeMs = maxTimeMs };
            EngineResultNative r;
            Kernels.Check(Native.ek_engine_search(handle, ref board, ref limits, out r));
            return new SearchResult(r);
        }

        /// <summary>
        /// Every legal move of <paramref name="board"/> in square order (Kernels.Pass when the side to
        /// move has none but the other side has; none when the game is over), each searched one ply
        /// less deep than Search would search the board with the same arguments (at least 1): its
        /// score, whether it is exact, whether its search completed, its nodes. The limits are the
        /// whole call's. Throws as Search.
        /// </summary>
        public MoveScore[] Analyze(Board board, int level = 10, int depth = -1, int selectivity = -1,
            ulong maxNodes = 0, ulong maxTimeMs = 0)
        {
            var limits = new EngineLimits { Level = level, Depth = depth, Selectivity = selectivity, MaxNodes = maxNodes, MaxTimeMs = maxTimeMs };
            var moves = new MoveScore[60];
            int n;
            Kernels.Check(Native.ek_engine_analyze(handle, ref board, ref limits, moves, out n));
            Array.Resize(ref moves, n);
            return moves;
        }

        /// <summary>
        /// The engine's move of <paramref name="board"/> as Edax's play_go chooses it: when
        /// <paramref name="book"/> is given, <paramref name="useBook"/> is true and the board (any
        /// symmetry) is in it, a book move (Edax's book_get_random_move at
        /// <paramref name="randomness"/>, on the book's generator) with the book's line as the
        /// principal variation; otherwise Search with the same limits (checked even when the book
        /// answers). A book position with no move within a negative randomness is searched.
        /// Throws as Search.
        /// </summary>
        public PlayResult Play(Board board, int level = 10, Book book = null, int randomness = 0, bool useBook = true,
            int depth = -1, int selectivity = -1, ulong maxNodes = 0, ulong maxTimeMs = 0)
        {
            var limits = new EngineLimits { Level = level, Depth = depth, Selectivity = selectivity, MaxNodes = maxNodes, MaxTimeMs = maxTimeMs };
            var usage = new BookUse { Enabled = useBook ? 1 : 0, Randomness = randomness };
            PlayResultNative r;
            Kernels.Check(Native.ek_engine_play(handle, book == null ? BookHandle.None : book.Handle, ref usage, ref board, ref limits, out r));
            return new PlayResult(r);
        }

        /// <summary>Edax's move at <paramref name="level"/>: a square, Kernels.Pass or Kernels.NoMove.</summary>
        public int BestMove(Board board, int level = 10) { return Search(board, level).BestMove; }

        /// <summary>Makes the running search (if any) end soon with the deepest result it completed.</summary>
        public void Stop() { Native.ek_engine_stop(handle); }

        /// <summary>Empties the tables (throws EK_ERR_BUSY while a search runs).</summary>
        public void Clear() { Kernels.Check(Native.ek_engine_clear(handle)); }

        /// <summary>
        /// The threads of every later search, 1 (the default: Edax's search node for node) to 256:
        /// more search faster, with the same exact scores and other node counts (a selective
        /// search's score may differ). Setting another count throws EK_ERR_RANGE (-2) and keeps the
        /// setting.
        /// </summary>
        public int Threads
        {
            get { return Native.ek_engine_get_threads(handle); }
            set { Kernels.Check(Native.ek_engine_set_threads(handle, value)); }
        }

        /// <summary>Frees the tables once no native call uses them.</summary>
        public void Dispose() { handle.Dispose(); }
    }
}
