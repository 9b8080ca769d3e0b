package edaxkernels;

import java.lang.ref.Cleaner;
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
    private static final int EK_ERR_RANGE = -2, EK_ERR_NO_MEMORY = -10;

    static {
        Library.ensureLoaded();
    }

    /** A solve's outcome: score for the side to move, a move giving it, nodes searched. */
    public record Result(int score, int bestMove, long nodes) {}

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
            Kernels.check(hashBits < 1 || hashBits > 32 ? EK_ERR_RANGE : EK_ERR_NO_MEMORY);
        }
        state = new State(h);
        cleanable = CLEANER.register(this, state);
    }

    /** Runs f on the live handle, the solver kept alive meanwhile; throws f's error status. */
    private int call(LongToIntFunction f) {
        Lock shared = state.lock.readLock();
        shared.lock();
        try {
            if (state.handle == 0) {
                throw new IllegalStateException("edax_kernels: this Solver is closed");
            }
            return Kernels.check(f.applyAsInt(state.handle));
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
     * squares over them, {@link #solveBatch} gives each thread whole positions. The scores are
     * those of one thread; the best move may be another move with the same score, and the node
     * counts vary. Another count throws EK_ERR_RANGE (-2) and keeps the setting.
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
     * empty squares with the evaluation weights loaded now ({@link Kernels#evalLoadFile} or
     * {@link Kernels#evalLoadBytes}; the solver keeps them when others are loaded later), as Edax
     * does; without, the fast order alone (the default). Only the node counts depend on it, never
     * the scores. Setting it without weights loaded throws EK_ERR_EVAL_NONE (-9) and keeps the
     * setting.
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
}
