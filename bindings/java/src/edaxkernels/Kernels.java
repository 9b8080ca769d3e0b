package edaxkernels;

import java.util.Objects;

/**
 * The kernels of edax-kernels (Edax 4.6 semantics, bit-exact; include/edax_kernels.h defines each
 * one on any input). Bitboards are {@code long}s (A1 = bit 0 ... H8 = bit 63); {@code p} is the side
 * to move. Batch methods take arrays of equal length (squares, players, opponents, results) and run
 * the kernel on every board in one native call.
 */
public final class Kernels {
    /** The pass move. */
    public static final int PASS = 64;
    /** "No move". */
    public static final int NOMOVE = 65;

    /** The score of a position not solved (EK_SCORE_NONE), outside every score (-64..64). */
    public static final int SCORE_NONE = 32767;

    private static final int EK_ERR_RANGE = -2;

    static {
        Library.ensureLoaded();
    }

    private Kernels() {}

    static int check(int status) {
        if (status < 0) {
            throw new EdaxKernelsException("edax_kernels: " + statusMessage(status), status);
        }
        return status;
    }

    private static int length(Object... arrays) {
        int n = -1;
        for (Object a : arrays) {
            Objects.requireNonNull(a, "a batch array is null");
            int len = java.lang.reflect.Array.getLength(a);
            if (n >= 0 && len != n) {
                throw new IllegalArgumentException("batch arrays must have equal lengths");
            }
            n = len;
        }
        return n;
    }

    private static native String statusMessage(int status);

    /** The library version, "MAJOR.MINOR.PATCH". */
    public static native String version();

    /** The active instruction-set level: "portable", "sse2", "avx2", "avx512" or "neon". */
    public static native String isa();

    private static native int isaSupported0(String name);

    private static native int setIsa0(String name);

    /** Whether this CPU can run the named level (throws for an unknown name). */
    public static boolean isaSupported(String name) {
        return check(isaSupported0(Objects.requireNonNull(name))) == 1;
    }

    /** Makes the named level the active one (throws when unknown or unsupported). */
    public static void setIsa(String name) {
        check(setIsa0(Objects.requireNonNull(name)));
    }

    /** Discs flipped when the side to move (p) plays x against o. */
    public static native long flip(int x, long p, long o);

    private static native long boardNext0(long p, long o, int x, long[] next);

    /** The position after the side to move plays x (a pass when x is not 0..63). */
    public static Board next(Board board, int x) {
        long[] next = new long[2];
        boardNext0(board.player, board.opponent, x, next);
        return new Board(next[0], next[1]);
    }

    /** Twice the discs p flips by playing x when every other square is the opponent's. */
    public static native int countLastFlip(int x, long p);

    private static native int boardScore10(long p, long o, int beta, int x);

    private static native int boardScore1Exact0(long p, long o, int x);

    /** Edax 4.4's board_score_1 (score for the side not to move, lazy cut-off at beta). */
    public static int boardScore1(Board board, int beta, int x) {
        return boardScore10(board.player, board.opponent, beta, x);
    }

    /** The exact score of boardScore1, without cut-off. */
    public static int boardScore1Exact(Board board, int x) {
        return boardScore1Exact0(board.player, board.opponent, x);
    }

    /** Bitboard of the legal moves of p against o. */
    public static native long getMoves(long p, long o);

    /** Whether p has a legal move. */
    public static native boolean canMove(long p, long o);

    /** The number of legal moves. */
    public static native int getMobility(long p, long o);

    /** The number of legal moves, corners counted twice. */
    public static native int getWeightedMobility(long p, long o);

    /** Edax's potential mobility (corners counted twice). */
    public static native int getPotentialMobility(long p, long o);

    /** Edax's lower bound of the number of stable discs of p. */
    public static native int getStability(long p, long o);

    /** The number of stable discs of p on the edges. */
    public static native int getEdgeStability(long p, long o);

    /** Owned corners plus owned edge squares next to an owned corner. */
    public static native int getCornerStability(long p);

    private static native long hash0(long p, long o);

    /** Edax 4.6's board hash code (CRC-32C of both bitboards). */
    public static long hash(Board board) {
        return hash0(board.player, board.opponent);
    }

    private static native int symmetry0(long p, long o, int s, long[] out);

    /** The board under symmetry s (0..7; throws otherwise). */
    public static Board symmetry(Board board, int s) {
        long[] out = new long[2];
        check(symmetry0(board.player, board.opponent, s, out));
        return new Board(out[0], out[1]);
    }

    private static native int unique0(long p, long o, long[] out);

    /** The smallest of the 8 symmetric boards (unsigned order) and the symmetry giving it. */
    public static final class Unique {
        public final Board board;
        public final int symmetry;

        Unique(Board board, int symmetry) {
            this.board = board;
            this.symmetry = symmetry;
        }
    }

    /** The smallest of the 8 symmetric boards, and the symmetry giving it. */
    public static Unique unique(Board board) {
        long[] out = new long[2];
        int s = check(unique0(board.player, board.opponent, out));
        return new Unique(new Board(out[0], out[1]), s);
    }

    /** The number of set bits. */
    public static native int bitCount(long b);

    private static native long perft0(long p, long o, int depth);

    private static native long perftTerminal0(long p, long o, int depth);

    /** Perft, Edax's convention: nodes depth plies below the board (unsigned). */
    public static long perft(Board board, int depth) {
        return perft0(board.player, board.opponent, depth);
    }

    /** Perft, the published convention (a finished game counts at every deeper ply). */
    public static long perftTerminal(Board board, int depth) {
        return perftTerminal0(board.player, board.opponent, depth);
    }

    private static native int solveShallow0(long p, long o, int alpha, long[] nodes);

    /** Edax's leaf search's outcome: the fail-soft score and the nodes searched. */
    public record Shallow(int score, long nodes) {}

    /**
     * Edax 4.6's endgame leaf search (search_shallow) on the null window (alpha, alpha + 1): the
     * fail-soft score for the side to move and Edax's node count. Throws EK_ERR_RANGE (-2) for
     * more than 10 empty squares.
     */
    public static Shallow solveShallow(Board board, int alpha) {
        long[] nodes = new long[1];
        int score = solveShallow0(board.player, board.opponent, alpha, nodes);
        if (score == SCORE_NONE) {
            check(EK_ERR_RANGE);
        }
        return new Shallow(score, nodes[0]);
    }

    private static native int flipBatch0(int n, int[] xs, long[] ps, long[] os, long[] out);

    private static native int boardNextBatch0(int n, int[] xs, long[] ps, long[] os, long[] nextPs, long[] nextOs);

    private static native int countLastFlipBatch0(int n, int[] xs, long[] ps, int[] out);

    private static native int getMovesBatch0(int n, long[] ps, long[] os, long[] out);

    private static native int getMobilityBatch0(int n, long[] ps, long[] os, int[] out);

    private static native int getStabilityBatch0(int n, long[] ps, long[] os, int[] out);

    private static native int hashBatch0(int n, long[] ps, long[] os, long[] out);

    /** out[i] = flip(xs[i], ps[i], os[i]). */
    public static void flipBatch(int[] xs, long[] ps, long[] os, long[] out) {
        check(flipBatch0(length(xs, ps, os, out), xs, ps, os, out));
    }

    /** flip of every board, in a new array. */
    public static long[] flipBatch(int[] xs, long[] ps, long[] os) {
        long[] out = new long[length(xs, ps, os)];
        flipBatch(xs, ps, os, out);
        return out;
    }

    /** Plays xs[i] on (ps[i], os[i]) into (nextPs[i], nextOs[i]); the outputs may be the inputs. */
    public static void nextBatch(int[] xs, long[] ps, long[] os, long[] nextPs, long[] nextOs) {
        check(boardNextBatch0(length(xs, ps, os, nextPs, nextOs), xs, ps, os, nextPs, nextOs));
    }

    /** out[i] = countLastFlip(xs[i], ps[i]). */
    public static void countLastFlipBatch(int[] xs, long[] ps, int[] out) {
        check(countLastFlipBatch0(length(xs, ps, out), xs, ps, out));
    }

    /** countLastFlip of every board, in a new array. */
    public static int[] countLastFlipBatch(int[] xs, long[] ps) {
        int[] out = new int[length(xs, ps)];
        countLastFlipBatch(xs, ps, out);
        return out;
    }

    /** out[i] = getMoves(ps[i], os[i]). */
    public static void getMovesBatch(long[] ps, long[] os, long[] out) {
        check(getMovesBatch0(length(ps, os, out), ps, os, out));
    }

    /** getMoves of every board, in a new array. */
    public static long[] getMovesBatch(long[] ps, long[] os) {
        long[] out = new long[length(ps, os)];
        getMovesBatch(ps, os, out);
        return out;
    }

    /** out[i] = getMobility(ps[i], os[i]). */
    public static void getMobilityBatch(long[] ps, long[] os, int[] out) {
        check(getMobilityBatch0(length(ps, os, out), ps, os, out));
    }

    /** getMobility of every board, in a new array. */
    public static int[] getMobilityBatch(long[] ps, long[] os) {
        int[] out = new int[length(ps, os)];
        getMobilityBatch(ps, os, out);
        return out;
    }

    /** out[i] = getStability(ps[i], os[i]). */
    public static void getStabilityBatch(long[] ps, long[] os, int[] out) {
        check(getStabilityBatch0(length(ps, os, out), ps, os, out));
    }

    /** getStability of every board, in a new array. */
    public static int[] getStabilityBatch(long[] ps, long[] os) {
        int[] out = new int[length(ps, os)];
        getStabilityBatch(ps, os, out);
        return out;
    }

    /** out[i] = hash(new Board(ps[i], os[i])). */
    public static void hashBatch(long[] ps, long[] os, long[] out) {
        check(hashBatch0(length(ps, os, out), ps, os, out));
    }

    /** hash of every board, in a new array. */
    public static long[] hashBatch(long[] ps, long[] os) {
        long[] out = new long[length(ps, os)];
        hashBatch(ps, os, out);
        return out;
    }

    private static native int evalLoadFile0(String path);

    private static native int evalLoadBuffer0(byte[] data);

    /**
     * Loads evaluation weights from an Edax eval.dat file; they replace the weights in use (shared
     * by every thread and every {@link Eval}). Throws {@link EdaxKernelsException} (status
     * EK_ERR_IO -6, EK_ERR_EVAL_FORMAT -7, EK_ERR_EVAL_SIZE -8, ...) and keeps the weights in use
     * when the file cannot be read or is not an Edax eval file.
     */
    public static void evalLoadFile(String path) {
        check(evalLoadFile0(Objects.requireNonNull(path, "path")));
    }

    /** Loads evaluation weights from the bytes of an eval.dat (see {@link #evalLoadFile}). */
    public static void evalLoadBytes(byte[] data) {
        check(evalLoadBuffer0(Objects.requireNonNull(data, "data")));
    }

    private static native int evalLoadDefault0();

    /**
     * Loads the project's own evaluation weights, which the native library carries (every jar has
     * them: no file is needed), as {@link #evalLoadFile} would load that file. Takes about 0.1 s
     * the first time (they are stored compressed); loading them again reuses them. Throws
     * {@link EdaxKernelsException} (status EK_ERR_NO_MEMORY, -10) and keeps the weights in use
     * when they cannot be unpacked.
     */
    public static void evalLoadDefault() {
        check(evalLoadDefault0());
    }

    /** Whether evaluation weights are loaded. */
    public static native boolean evalLoaded();

    /** Stops using the loaded weights ({@link Eval#accumulate} then throws until the next load). */
    public static native void evalUnload();
}
