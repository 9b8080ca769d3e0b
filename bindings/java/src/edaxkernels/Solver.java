package edaxkernels;

import java.lang.ref.Cleaner;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongToIntFunction;

/**
 * An exact endgame solver (ek_solver_*): the final score of a position with perfect play and a
 * move reaching it, with a transposition table of 2^hashBits entries (32 bytes each) kept between
 * solves. One solve at a time (a second concurrent one throws EK_ERR_BUSY, -12); {@link #stop}
 * may be called from any thread and makes the running solve throw EK_ERR_STOPPED (-11). Holds
 * native memory: close it (try-with-resources), or leave it to the garbage collector.
 */
public final class Solver implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();
    private static final int EK_ERR_RANGE = -2, EK_ERR_INTERNAL = -5, EK_ERR_NO_MEMORY = -10, EK_ERR_STOPPED = -11;
    /** A status code the library never writes: a position left with it was not reported. */
    private static final int NOT_REPORTED = Integer.MIN_VALUE;

    static {
        Library.ensureLoaded();
    }

    /** A solve's outcome: score for the side to move, a move giving it, nodes searched. */
    public record Result(int score, int bestMove, long nodes) {}

    /** How {@link #solveMany} left a position. */
    public enum Status {
        /** Solved (EK_OK): its score, best move and nodes are given. */
        SOLVED(0),
        /** Not searched: its bitboards overlap (EK_ERR_RANGE, -2). */
        OVERLAPPING(EK_ERR_RANGE),
        /** Not solved: {@link #stop} or the node limit stopped the call first (EK_ERR_STOPPED, -11). */
        STOPPED(EK_ERR_STOPPED);

        private final int code;

        Status(int code) {
            this.code = code;
        }

        /** The C status code: EK_OK (0), EK_ERR_RANGE (-2) or EK_ERR_STOPPED (-11). */
        public int code() {
            return code;
        }

        /** The status of a C code, or null when it is none of the three. */
        static Status of(int code) {
            for (Status s : values()) {
                if (s.code == code) {
                    return s;
                }
            }
            return null;
        }
    }

    /**
     * What {@link #solveMany} reports, position by position (index i is the i-th position given).
     * The arrays are the caller's: nothing else holds them.
     */
    public static final class ManyResult {
        private final int alpha, beta;
        private final int[] scores, bestMoves;
        private final long[] nodes;
        private final Status[] statuses;
        private final Status status;

        ManyResult(int alpha, int beta, int[] scores, int[] bestMoves, long[] nodes, Status[] statuses, Status status) {
            this.alpha = alpha;
            this.beta = beta;
            this.scores = scores;
            this.bestMoves = bestMoves;
            this.nodes = nodes;
            this.statuses = statuses;
            this.status = status;
        }

        /** The lower end of the window solved on. */
        public int alpha() {
            return alpha;
        }

        /** The upper end of the window solved on. */
        public int beta() {
            return beta;
        }

        /**
         * The score for the side to move of each solved position, as {@link #solve} gives it on
         * the window (exact when {@code alpha < score < beta}, else a fail-soft bound on the side
         * it falls); {@link Kernels#SCORE_NONE} (32767) for the others.
         */
        public int[] scores() {
            return scores;
        }

        /**
         * A move reaching each solved position's score ({@link Kernels#PASS} when the side to move
         * must pass, {@link Kernels#NOMOVE} when the game is over); {@link Kernels#NOMOVE} for the
         * others.
         */
        public int[] bestMoves() {
            return bestMoves;
        }

        /** The nodes searched for each solved position (unsigned); 0 for the others. */
        public long[] nodes() {
            return nodes;
        }

        /** How each position was left: solved, overlapping (not searched), or stopped before it was solved. */
        public Status[] statuses() {
            return statuses;
        }

        /** The call's outcome: SOLVED when every position was, STOPPED when the call was stopped, else OVERLAPPING. */
        public Status status() {
            return status;
        }

        /** The number of positions. */
        public int size() {
            return scores.length;
        }

        /** Whether every position was solved. */
        public boolean allSolved() {
            return status == Status.SOLVED;
        }

        /** A summary: the window, the number of positions and of each status. */
        @Override
        public String toString() {
            int[] count = new int[Status.values().length];
            for (Status s : statuses) {
                count[s.ordinal()]++;
            }
            return String.format("ManyResult((%d, %d), %d positions: %d solved, %d overlapping, %d stopped)", alpha, beta,
                    size(), count[Status.SOLVED.ordinal()], count[Status.OVERLAPPING.ordinal()],
                    count[Status.STOPPED.ordinal()]);
        }
    }

    /**
     * The native solver's address (0 once freed). Calls share the lock, so that several run
     * together (a solve and a stop); freeing takes it alone, after the running calls returned.
     */
    private static final class State implements Runnable {
        final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        long handle;

        State(long handle) {
            this.handle = handle;
        }

        @Override
        public void run() {
            lock.writeLock().lock();
            try {
                if (handle != 0) {
                    free0(handle);
                    handle = 0;
                }
            } finally {
                lock.writeLock().unlock();
            }
        }
    }

    private final State state;
    private final Cleaner.Cleanable cleanable;
    private volatile long nodeLimit;

    /** A solver with a table of 2^hashBits entries; throws EK_ERR_RANGE unless 1 <= hashBits <= 32. */
    public Solver(int hashBits) {
        long h = new0(hashBits);
        if (h == 0) {
            // The library refuses a bad EDAX_KERNELS_SOLVER_SPLIT with NULL too (its reason on
            // stderr): said here, rather than taken for a lack of memory.
            String split = System.getenv("EDAX_KERNELS_SOLVER_SPLIT");
            if (split != null && !split.isEmpty() && !split.equals("abdada") && !split.equals("ybwc")) {
                throw new EdaxKernelsException("edax_kernels: EDAX_KERNELS_SOLVER_SPLIT=\"" + split
                        + "\" is not one of abdada|ybwc (unset or empty: abdada)", EK_ERR_RANGE);
            }
            Kernels.check(hashBits < 1 || hashBits > 32 ? EK_ERR_RANGE : EK_ERR_NO_MEMORY);
        }
        state = new State(h);
        cleanable = CLEANER.register(this, state);
    }

    /** Runs f on the live handle, the solver kept alive meanwhile; throws f's error status. */
    private int call(LongToIntFunction f) {
        return Kernels.check(raw(f));
    }

    /** Runs f on the live handle, the solver kept alive meanwhile; returns f's status. */
    private int raw(LongToIntFunction f) {
        Lock shared = state.lock.readLock();
        shared.lock();
        try {
            if (state.handle == 0) {
                throw new IllegalStateException("edax_kernels: this Solver is closed");
            }
            return f.applyAsInt(state.handle);
        } finally {
            shared.unlock();
        }
    }

    /** The exact score of {@code board} and a move giving it ({@link Kernels#PASS}, {@link Kernels#NOMOVE} when none). */
    public Result solve(Board board) {
        return solve(board, -64, 64);
    }

    /**
     * Solves {@code board} on the window (alpha, beta), -64 <= alpha < beta <= 64: the score is
     * exact inside the window, else a bound on the side it falls. Throws EK_ERR_RANGE (bad window
     * or overlapping bitboards), EK_ERR_STOPPED or EK_ERR_BUSY.
     */
    public Result solve(Board board, int alpha, int beta) {
        long[] out = new long[3];
        call(h -> solve0(h, board.player, board.opponent, alpha, beta, out));
        return new Result((int) out[0], (int) out[1], out[2]);
    }

    /**
     * Solves (players[i], opponents[i]) exactly into scores[i] and bestMoves[i] (bestMoves may be
     * null) in one native call; the arrays are copied, not pinned, as a solve takes long. Throws
     * as {@link #solve} (EK_ERR_RANGE when a position's bitboards overlap; the positions before
     * it are written).
     */
    public void solveBatch(long[] players, long[] opponents, int[] scores, int[] bestMoves) {
        int n = Objects.requireNonNull(players, "players").length;
        if (opponents.length != n || scores.length != n || (bestMoves != null && bestMoves.length != n)) {
            throw new IllegalArgumentException("batch arrays must have equal lengths");
        }
        call(h -> solveBatch0(h, n, players, opponents, scores, bestMoves));
    }

    /** The exact scores of (players[i], opponents[i]), in a new array. */
    public int[] solveBatch(long[] players, long[] opponents) {
        int[] scores = new int[Objects.requireNonNull(players, "players").length];
        solveBatch(players, opponents, scores, null);
        return scores;
    }

    /** {@link #solveMany} on the full window (-64, 64): exact scores. */
    public ManyResult solveMany(long[] players, long[] opponents) {
        return solveMany(players, opponents, -64, 64);
    }

    /**
     * Solves every position (players[i], opponents[i]) (players to move) on the window (alpha,
     * beta), {@code -64 <= alpha < beta <= 64} ((-1, 1) tells wins, draws and losses apart, (-3, 3)
     * too with margins, with far fewer nodes than exact scores), in one native call on copies of
     * the arrays, and reports each one: its score as {@link #solve} gives it on that window, a best
     * move and the nodes searched, and its {@link Status}. So that a partial result can be used,
     * this does not throw for what concerns single positions: a position whose bitboards overlap is
     * reported {@link Status#OVERLAPPING} (not searched; the others are solved), and when
     * {@link #stop} or the node limit (counted per position) stops the call, the positions not solved by
     * then are reported {@link Status#STOPPED} (with several threads, those solved need not be the
     * first ones); unsolved positions have the score {@link Kernels#SCORE_NONE} (32767), the best
     * move {@link Kernels#NOMOVE} and 0 nodes. Throws NullPointerException (a null array),
     * IllegalArgumentException (arrays of different lengths), {@link EdaxKernelsException} with
     * status EK_ERR_RANGE (-2) for a bad window and EK_ERR_BUSY (-12) when another solve is running
     * on this solver, and IllegalStateException once closed.
     */
    public ManyResult solveMany(long[] players, long[] opponents, int alpha, int beta) {
        int n = Objects.requireNonNull(players, "players").length;
        if (Objects.requireNonNull(opponents, "opponents").length != n) {
            throw new IllegalArgumentException("solveMany: players and opponents must have equal lengths (" + n + " and "
                    + opponents.length + ")");
        }
        if (!(-64 <= alpha && alpha < beta && beta <= 64)) {
            throw new EdaxKernelsException(String.format(
                    "edax_kernels: solveMany: the window (%d, %d) is not one of -64 <= alpha < beta <= 64", alpha, beta),
                    EK_ERR_RANGE);
        }
        int[] scores = new int[n], bestMoves = new int[n], codes = new int[n];
        long[] nodes = new long[n];
        Arrays.fill(codes, NOT_REPORTED);
        int r = raw(h -> solveMany0(h, n, players, opponents, alpha, beta, scores, bestMoves, nodes, codes));
        // EK_OK, EK_ERR_RANGE (overlaps) and EK_ERR_STOPPED report every position; any other
        // status (EK_ERR_BUSY, EK_ERR_NO_MEMORY, ...) is the call's failure.
        if (r != 0 && r != EK_ERR_RANGE && r != EK_ERR_STOPPED) {
            Kernels.check(r);
        }
        // Each status is one of the three, and agrees with the call's: EK_OK, every position
        // solved; EK_ERR_RANGE, none stopped (a disagreement is a bug, not a result to use).
        Status[] statuses = new Status[n];
        for (int i = 0; i < n; i++) {
            int c = codes[i];
            statuses[i] = Status.of(c);
            if (statuses[i] == null || (r == 0 && c != 0) || (r == EK_ERR_RANGE && c == EK_ERR_STOPPED)) {
                throw new EdaxKernelsException(String.format(
                        "edax_kernels: solveMany: position %d reported with status %d, the call with %d", i, c, r),
                        EK_ERR_INTERNAL);
            }
        }
        return new ManyResult(alpha, beta, scores, bestMoves, nodes, statuses, Status.of(r));
    }

    /** Makes the running solve (if any) throw EK_ERR_STOPPED soon; from any thread. Closed: nothing. */
    public void stop() {
        Lock shared = state.lock.readLock();
        shared.lock();
        try {
            if (state.handle != 0) {
                stop0(state.handle);
            }
        } finally {
            shared.unlock();
        }
    }

    /** Limits every later solve to about {@code maxNodes} nodes (unsigned; 0: no limit). */
    public void setNodeLimit(long maxNodes) {
        call(h -> setNodeLimit0(h, maxNodes));
        nodeLimit = maxNodes;
    }

    /** The node limit last set (0: none). */
    public long nodeLimit() {
        return nodeLimit;
    }

    /**
     * Makes every later solve use {@code nThreads} threads, 1 (the default) to
     * EK_SOLVER_MAX_THREADS (256): {@link #solve} spreads one position with 16 or more empty
     * squares over them, {@link #solveBatch} and {@link #solveMany} give each thread whole
     * positions. The scores are those of one thread; the best move may be another move with the
     * same score, and the node counts vary. Another count throws EK_ERR_RANGE (-2) and keeps the
     * setting.
     */
    public void setThreads(int nThreads) {
        call(h -> setThreads0(h, nThreads));
    }

    /** The number of threads a solve uses (see {@link #setThreads}). */
    public int getThreads() {
        return call(Solver::getThreads0);
    }

    /**
     * With {@code useEval}, makes every later solve order the moves of its nodes with 14 or more
     * empty squares with the evaluation weights loaded now ({@link Kernels#evalLoadFile},
     * {@link Kernels#evalLoadBytes} or {@link Kernels#evalLoadDefault}, the project's own; the
     * solver keeps them when others are loaded later), as Edax does; without, the fast order
     * alone (the default). Only the node counts depend on it, never the scores. Setting it without
     * weights loaded throws EK_ERR_EVAL_NONE (-9) and keeps the setting.
     */
    public void setEval(boolean useEval) {
        call(h -> setEval0(h, useEval));
    }

    /** Whether solves order their moves with evaluation weights (see {@link #setEval}). */
    public boolean getEval() {
        return call(Solver::getEval0) != 0;
    }

    /** Empties the transposition table (throws EK_ERR_BUSY while a solve runs). */
    public void clear() {
        call(Solver::clear0);
    }

    /** Stops a running solve and frees the table once it has returned (again: nothing). */
    @Override
    public void close() {
        stop();
        cleanable.clean();
    }

    private static native long new0(int hashBits);

    private static native void free0(long handle);

    private static native void stop0(long handle);

    private static native int setNodeLimit0(long handle, long maxNodes);

    private static native int setThreads0(long handle, int nThreads);

    private static native int getThreads0(long handle);

    private static native int setEval0(long handle, boolean useEval);

    private static native int getEval0(long handle);

    private static native int clear0(long handle);

    private static native int solve0(long handle, long p, long o, int alpha, int beta, long[] out);

    private static native int solveBatch0(long handle, int n, long[] ps, long[] os, int[] scores, int[] moves);

    private static native int solveMany0(long handle, int n, long[] ps, long[] os, int alpha, int beta, int[] scores,
            int[] moves, long[] nodes, int[] status);
}
