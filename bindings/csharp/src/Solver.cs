using System;

namespace EdaxKernels
{
    /// <summary>
    /// An exact endgame solver (ek_solver_*): the final score of a position with perfect play and
    /// a move reaching it, with a transposition table of 2^hashBits entries (32 bytes each) kept
    /// between solves. One solve at a time (a second concurrent one throws EK_ERR_BUSY, -12);
    /// Stop() may be called from any thread and makes the running solve throw EK_ERR_STOPPED
    /// (-11). Owns native memory: Dispose it (or leave it to the finalizer).
    /// </summary>
    public sealed class Solver : IDisposable
    {
        readonly SolverHandle handle;
        ulong nodeLimit;

        static Solver()
        {
            Library.EnsureLoaded();
        }

        /// <summary>A solver with a table of 2^hashBits entries; throws EK_ERR_RANGE unless 1 &lt;= hashBits &lt;= 32.</summary>
        public Solver(int hashBits = 20)
        {
            handle = Native.ek_solver_new(hashBits);
            if (handle.IsInvalid)
            {
                handle.Dispose();
                // The library refuses a bad EDAX_KERNELS_SOLVER_SPLIT with NULL too (its reason on
                // stderr): said here, rather than taken for a lack of memory.
                string split = Environment.GetEnvironmentVariable("EDAX_KERNELS_SOLVER_SPLIT");
                if (!string.IsNullOrEmpty(split) && split != "abdada" && split != "ybwc")
                    throw new EdaxKernelsException("edax_kernels: EDAX_KERNELS_SOLVER_SPLIT=\"" + split
                        + "\" is not one of abdada|ybwc (unset or empty: abdada)", Kernels.ErrRange);
                Kernels.Check(hashBits < 1 || hashBits > 32 ? Kernels.ErrRange : Kernels.ErrNoMemory);
            }
        }

        /// <summary>
        /// Solves <paramref name="board"/> on the window (alpha, beta), -64 &lt;= alpha &lt; beta &lt;= 64
        /// (the default: the exact score). Throws EK_ERR_RANGE (bad window or overlapping
        /// bitboards), EK_ERR_STOPPED or EK_ERR_BUSY.
        /// </summary>
        public SolveResult Solve(Board board, int alpha = -64, int beta = 64)
        {
            SolveResult r;
            Kernels.Check(Native.ek_solver_solve(handle, ref board, alpha, beta, out r));
            return r;
        }

        /// <summary>
        /// Solves (players[i], opponents[i]) exactly into scores[i] and bestMoves[i] (bestMoves may
        /// be null) in one native call. Throws as Solve (EK_ERR_RANGE when a position's bitboards
        /// overlap; the positions before it are written).
        /// </summary>
        public void SolveBatch(ulong[] players, ulong[] opponents, int[] scores, int[] bestMoves = null)
        {
            int n = bestMoves == null ? Kernels.Length(players, opponents, scores) : Kernels.Length(players, opponents, scores, bestMoves);
            Kernels.Check(Native.ek_solver_solve_batch(handle, Kernels.N(n), players, opponents, scores, bestMoves));
        }

        /// <summary>The exact scores of (players[i], opponents[i]), in a new array.</summary>
        public int[] SolveBatch(ulong[] players, ulong[] opponents)
        {
            var scores = new int[Kernels.Length(players, opponents)];
            SolveBatch(players, opponents, scores);
            return scores;
        }

        /// <summary>
        /// Solves every position (players[i], opponents[i]) (players to move) on the window
        /// (alpha, beta), -64 &lt;= alpha &lt; beta &lt;= 64 (the default: exact scores; (-1, 1)
        /// tells wins, draws and losses apart, (-3, 3) too with margins, with far fewer nodes), in
        /// one native call, and reports each one: its score as Solve gives it on that window, a
        /// best move and the nodes searched, and its status. So that a partial result can be used,
        /// this does not throw for what concerns single positions: a position whose bitboards
        /// overlap is reported SolveStatus.Overlapping (not searched; the others are solved), and
        /// when Stop() or the node limit (counted per position) stops the call, the positions not
        /// solved by then are reported SolveStatus.Stopped (with several Threads, those solved
        /// need not be the first ones); unsolved positions have the score Kernels.ScoreNone
        /// (32767), the best move Kernels.NoMove and 0 nodes. Throws ArgumentNullException (a
        /// null array), ArgumentException (arrays of different lengths), EdaxKernelsException
        /// with Status EK_ERR_RANGE (-2) for a bad window and EK_ERR_BUSY (-12) when another solve
        /// is running on this solver, and ObjectDisposedException once disposed.
        /// </summary>
        public SolveManyResult SolveMany(ulong[] players, ulong[] opponents, int alpha = -64, int beta = 64)
        {
            int n = Kernels.Length(players, opponents);
            if (!(-64 <= alpha && alpha < beta && beta <= 64))
            {
                throw new EdaxKernelsException(string.Format(
                    "edax_kernels: SolveMany: the window ({0}, {1}) is not one of -64 <= alpha < beta <= 64", alpha, beta), Kernels.ErrRange);
            }
            var scores = new int[n];
            var bestMoves = new int[n];
            var nodes = new ulong[n];
            var codes = new int[n];
            // A code the library never writes: a status left so was not reported.
            for (int i = 0; i < n; i++) codes[i] = NotReported;
            int r = Native.ek_solver_solve_many(handle, Kernels.N(n), players, opponents, alpha, beta, scores, bestMoves, nodes, codes);
            // EK_OK, EK_ERR_RANGE (overlaps) and EK_ERR_STOPPED report every position; any other
            // status (EK_ERR_BUSY, EK_ERR_NO_MEMORY, ...) is the call's failure.
            if (r != 0 && r != Kernels.ErrRange && r != Kernels.ErrStopped) Kernels.Check(r);
            // Each status is one of the three, and agrees with the call's: EK_OK, every position
            // solved; EK_ERR_RANGE, none stopped (a disagreement is a bug, not a result to use).
            var statuses = new SolveStatus[n];
            for (int i = 0; i < n; i++)
            {
                int c = codes[i];
                bool known = c == 0 || c == Kernels.ErrRange || c == Kernels.ErrStopped;
                if (!known || (r == 0 && c != 0) || (r == Kernels.ErrRange && c == Kernels.ErrStopped))
                {
                    throw new EdaxKernelsException(string.Format(
                        "edax_kernels: SolveMany: position {0} reported with status {1}, the call with {2}", i, c, r), Kernels.ErrInternal);
                }
                statuses[i] = (SolveStatus)c;
            }
            return new SolveManyResult(alpha, beta, scores, bestMoves, nodes, statuses, (SolveStatus)r);
        }

        const int NotReported = int.MinValue;

        /// <summary>Makes the running solve (if any) throw EK_ERR_STOPPED soon; from any thread. Disposed: nothing.</summary>
        public void Stop()
        {
            try { Native.ek_solver_stop(handle); }
            catch (ObjectDisposedException) { }
        }

        /// <summary>About how many nodes a solve may search before it throws EK_ERR_STOPPED (0: no limit, the default).</summary>
        public ulong NodeLimit
        {
            get { return nodeLimit; }
            set
            {
                Kernels.Check(Native.ek_solver_set_node_limit(handle, value));
                nodeLimit = value;
            }
        }

        /// <summary>
        /// The threads of every later solve, 1 (the default) to EK_SOLVER_MAX_THREADS (256): Solve
        /// spreads one position with 16 or more empty squares over them, SolveBatch and SolveMany
        /// give each thread whole positions. The scores are those of one thread; the best move may
        /// be another move with the same score, and the node counts vary. Setting another count
        /// throws EK_ERR_RANGE (-2) and keeps the setting.
        /// </summary>
        public int Threads
        {
            get { return Native.ek_solver_get_threads(handle); }
            set { Kernels.Check(Native.ek_solver_set_threads(handle, value)); }
        }

        /// <summary>
        /// Whether every later solve orders the moves of its nodes with 14 or more empty squares
        /// with evaluation weights, as Edax does (false, the fast order alone, is the default).
        /// Setting true takes the weights loaded now (Kernels.EvalLoadFile, EvalLoadBytes or
        /// EvalLoadDefault, the project's own; the solver keeps them when others are loaded
        /// later), and throws EK_ERR_EVAL_NONE (-9) and keeps the setting when none are loaded.
        /// Only the node counts depend on it, never the scores.
        /// </summary>
        public bool UseEval
        {
            get { return Native.ek_solver_get_eval(handle) != 0; }
            set { Kernels.Check(Native.ek_solver_set_eval(handle, value ? 1 : 0)); }
        }

        /// <summary>Empties the transposition table (throws EK_ERR_BUSY while a solve runs).</summary>
        public void Clear() { Kernels.Check(Native.ek_solver_clear(handle)); }

        /// <summary>Stops a running solve; the table is freed once it has returned (again: nothing).</summary>
        public void Dispose()
        {
            Stop();
            handle.Dispose();
        }
    }
}
