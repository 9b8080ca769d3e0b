package edaxkernels;

import java.lang.ref.Cleaner;
import java.util.Arrays;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongToIntFunction;

/**
 * An engine (ek_engine_*): Edax 4.6's whole search (its levels, or a depth and a selectivity;
 * node for node with Edax on the same weights) with its own tables (a main table of 2^hashBits
 * entries of 24 bytes, 8 <= hashBits <= 32) and weights, kept between searches as Edax keeps
 * them between the moves of a game. One search at a time (a second concurrent one throws
 * EK_ERR_BUSY, -12); {@link #stop} may be called from any thread. Holds native memory: close it
 * (try-with-resources), or leave it to the garbage collector.
 */
public final class Engine implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();
    private static final int EK_ERR_RANGE = -2, EK_ERR_NO_MEMORY = -10;
    private static final int PV_SIZE = 80;

    static {
        Library.ensureLoaded();
    }

    /**
     * A search's outcome: the score for the side to move (the final score when {@code exact}),
     * the best move ({@link Kernels#PASS} when the side to move must pass, {@link Kernels#NOMOVE}
     * when the game is over), the depth and selectivity (0..5, 5: none) reached, whether the score
     * is exact, whether the search reached its depth (false when a limit or {@link #stop} ended
     * it: the result is then the deepest one completed), the nodes, and the principal variation.
     */
    public record Result(int score, int bestMove, int depth, int selectivity, boolean exact, boolean complete,
            long nodes, int[] pv) {
        @Override
        public String toString() {
            return String.format("Result(score %d, move %d, depth %d@%d, exact %b, complete %b, %d nodes, pv %s)", score,
                    bestMove, depth, selectivity, exact, complete, nodes, Arrays.toString(pv));
        }
    }

    /**
     * One move of {@link #analyze}: the move ({@link Kernels#PASS} when it is the only one), its
     * score for the side to move (32767 when not even one depth of its search completed), whether
     * the score is exact, whether its search completed, and its nodes.
     */
    public record MoveScore(int square, int score, boolean exact, boolean complete, long nodes) {}

    /** The native engine's address (0 once freed); freed after the running calls returned. */
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

    /** An engine on the built-in weights with a main table of 2^20 entries. */
    public Engine() {
        this(null, 20);
    }

    /** An engine on {@code weights} (the built-in ones when null); throws EK_ERR_RANGE unless 8 <= hashBits <= 32. */
    public Engine(Weights weights, int hashBits) {
        long h;
        if (weights == null) {
            try (Weights own = Weights.bundled()) {
                h = own.newEngine(hashBits);
            }
        } else {
            h = weights.newEngine(hashBits);
        }
        if (h == 0) {
            Kernels.check(hashBits < 8 || hashBits > 32 ? EK_ERR_RANGE : EK_ERR_NO_MEMORY);
        }
        state = new State(h);
        cleanable = CLEANER.register(this, state);
    }

    /** Runs f on the live handle, the engine kept alive meanwhile; throws f's error status. */
    private int call(LongToIntFunction f) {
        Lock shared = state.lock.readLock();
        shared.lock();
        try {
            if (state.handle == 0) {
                throw new IllegalStateException("edax_kernels: this Engine is closed");
            }
            return Kernels.check(f.applyAsInt(state.handle));
        } finally {
            shared.unlock();
        }
    }

    /** Edax's move at {@code level} (1..60): a square, {@link Kernels#PASS} or {@link Kernels#NOMOVE}. */
    public int bestMove(Board board, int level) {
        return search(board, level).bestMove();
    }

    /** A search at Edax's {@code level} (1..60), without node or time limit. */
    public Result search(Board board, int level) {
        return search(board, level, -1, -1, 0, 0);
    }

    /**
     * Searches {@code board} at Edax's {@code level} (1..60), or with level 0 at {@code depth}
     * (1..60) and {@code selectivity} (0..5, 5: none); a depth or selectivity given with a level
     * (not -1) overrides the level's. {@code maxNodes} (0: none) and {@code maxTimeMs} (0: none)
     * end it early with the deepest result completed. Throws EK_ERR_RANGE (limits, overlapping
     * bitboards), EK_ERR_BUSY, or EK_ERR_STOPPED (stopped before completing any depth).
     */
    public Result search(Board board, int level, int depth, int selectivity, long maxNodes, long maxTimeMs) {
        long[] out = new long[8 + PV_SIZE];
        call(h -> search0(h, board.player, board.opponent, level, depth, selectivity, maxNodes, maxTimeMs, out));
        int[] pv = new int[(int) out[7]];
        for (int i = 0; i < pv.length; i++) {
            pv[i] = (int) out[8 + i];
        }
        return new Result((int) out[0], (int) out[1], (int) out[2], (int) out[3], out[4] != 0, out[5] != 0, out[6], pv);
    }

    /**
     * Every legal move of {@code board} in square order ({@link Kernels#PASS} when the side to move
     * has none but the other side has; none when the game is over), each searched one ply less deep
     * than {@link #search} would search the board with the same arguments (at least 1). The limits
     * are the whole call's. Throws as {@link #search}.
     */
    public MoveScore[] analyze(Board board, int level, int depth, int selectivity, long maxNodes, long maxTimeMs) {
        long[] out = new long[5 * 60];
        int[] n = new int[1];
        call(h -> analyze0(h, board.player, board.opponent, level, depth, selectivity, maxNodes, maxTimeMs, out, n));
        MoveScore[] moves = new MoveScore[n[0]];
        for (int i = 0; i < moves.length; i++) {
            moves[i] = new MoveScore((int) out[5 * i], (int) out[5 * i + 1], out[5 * i + 2] != 0, out[5 * i + 3] != 0,
                    out[5 * i + 4]);
        }
        return moves;
    }

    /** {@link #analyze} at Edax's {@code level}, without node or time limit. */
    public MoveScore[] analyze(Board board, int level) {
        return analyze(board, level, -1, -1, 0, 0);
    }

    /** {@link #play}'s outcome: the search result (for a book move, Edax's: depth 0, no nodes, the
     * move's book score, the book's line as the principal variation), and whether the move came
     * from the book. */
    public record PlayResult(Result result, boolean fromBook) {}

    /**
     * The engine's move of board as Edax's play_go chooses it: when book is not null, useBook is
     * true and board (any symmetry) is in it, a book move (Edax's book_get_random_move at
     * randomness, on the book's generator) with the book's line; otherwise {@link #search} with the
     * same limits (checked even when the book answers). A book position with no move within a
     * negative randomness is searched. The book's monitor is held for the call. Throws as search.
     */
    public PlayResult play(Board board, int level, Book book, int randomness, boolean useBook, int depth,
            int selectivity, long maxNodes, long maxTimeMs) {
        long[] out = new long[9 + PV_SIZE];
        if (book == null) {
            call(h -> play0(h, 0, board.player, board.opponent, useBook ? 1 : 0, randomness, level, depth, selectivity,
                    maxNodes, maxTimeMs, out));
        } else {
            synchronized (book) {
                long b = book.handle();
                call(h -> play0(h, b, board.player, board.opponent, useBook ? 1 : 0, randomness, level, depth,
                        selectivity, maxNodes, maxTimeMs, out));
            }
        }
        int[] pv = new int[(int) out[7]];
        for (int i = 0; i < pv.length; i++) {
            pv[i] = (int) out[9 + i];
        }
        Result r = new Result((int) out[0], (int) out[1], (int) out[2], (int) out[3], out[4] != 0, out[5] != 0, out[6],
                pv);
        return new PlayResult(r, out[8] != 0);
    }

    /** {@link #play} at Edax's level with the book (null: none) at randomness, without node or time limit. */
    public PlayResult play(Board board, int level, Book book, int randomness) {
        return play(board, level, book, randomness, true, -1, -1, 0, 0);
    }

    /** Makes the running search (if any) end soon with the deepest result it completed. */
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

    /** Empties the tables (throws EK_ERR_BUSY while a search runs). */
    public void clear() {
        call(Engine::clear0);
    }

    /**
     * Makes every later search use {@code nThreads} threads, 1 (the default: Edax's search node for
     * node) to 256: more search faster, with the same exact scores and other node counts (a
     * selective search's score may differ). Another count throws EK_ERR_RANGE (-2) and keeps the
     * setting.
     */
    public void setThreads(int nThreads) {
        call(h -> setThreads0(h, nThreads));
    }

    /** The threads of a search (see {@link #setThreads}). */
    public int getThreads() {
        return call(Engine::getThreads0);
    }

    /** Stops a running search and frees the tables once it has returned. */
    @Override
    public void close() {
        stop();
        cleanable.clean();
    }

    static native long new0(long weights, int hashBits);

    private static native void free0(long handle);

    private static native int play0(long handle, long book, long p, long o, int enabled, int randomness, int level,
            int depth, int selectivity, long maxNodes, long maxTimeMs, long[] out);

    private static native void stop0(long handle);

    private static native int clear0(long handle);

    private static native int setThreads0(long handle, int nThreads);

    private static native int getThreads0(long handle);

    private static native int analyze0(long handle, long p, long o, int level, int depth, int selectivity,
            long maxNodes, long maxTimeMs, long[] out, int[] n);

    private static native int search0(long handle, long p, long o, int level, int depth, int selectivity, long maxNodes,
            long maxTimeMs, long[] out);
}
