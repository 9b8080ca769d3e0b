package edaxkernels;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Edax 4.6's opening book (book.dat): {@code new Book(level, nEmpties)} an empty one,
 * {@link #load} a file, read byte for byte ({@link #save(String)} writes it back; a date may be
 * given), {@link #importText} a text export. A bad file throws {@link EdaxKernelsException}
 * (EK_ERR_BOOK_FORMAT -13, or EK_ERR_IO -6) with the library's message: the file, the byte offset
 * and what is wrong there. A board may be any of the 8 symmetries of a book position.
 * {@link #randomMove}, {@link #line} and {@link Engine#play} use the book's generator (Edax's,
 * seeded with 0: {@link #seed}). Its methods are synchronized on the book (Engine.play holds it for
 * its call); {@link #close} frees it (a Cleaner does when it is unreachable).
 */
public final class Book implements AutoCloseable {
    private static final int EK_ERR_RANGE = -2, EK_ERR_INTERNAL = -5, EK_ERR_NO_MEMORY = -10, MESSAGE_SIZE = 1024;

    static {
        Library.ensureLoaded();
    }

    /**
     * A position of the book ({@link #probe}; the C EkBookEntry): its value and bounds, the level
     * of its leaf, its number of links, its leaf (the best move not linked, turned onto the asked
     * board; Kernels.NOMOVE: none) and score, and the game counts below it.
     */
    public record Entry(int value, int lower, int upper, int level, int links, int leafMove, int leafScore, long wins,
            long draws, long losses, long lines) {}

    /** A book move (a square, a pass, or NOMOVE from randomMove) and its score. */
    public record Move(int move, int score) {
        @Override
        public String toString() {
            return move + ":" + score;
        }
    }

    private final NativeHandle handle;

    private Book(long handle) {
        this.handle = new NativeHandle(this, handle, Book::free0, "this Book is closed");
    }

    /** An empty book (Edax's book_init) whose positions would be searched at level and stop at nEmpties empty squares. */
    public Book(int level, int nEmpties) {
        this(new0(level, nEmpties));
        if (handle.isNull()) {
            Kernels.check(EK_ERR_NO_MEMORY);
        }
    }

    private static Book opened(long h, int[] status, byte[] message) {
        if (h != 0) {
            return new Book(h);
        }
        int n = 0;
        while (n < message.length && message[n] != 0) {
            n++;
        }
        String m = new String(message, 0, n, StandardCharsets.UTF_8);
        throw new EdaxKernelsException("edax_kernels: " + (m.isEmpty() ? "book not loaded" : m),
                status[0] < 0 ? status[0] : EK_ERR_INTERNAL);
    }

    /** The book of an Edax book.dat; throws with the file and the byte offset of a fault. */
    public static Book load(String path) {
        int[] status = {EK_ERR_INTERNAL};
        byte[] message = new byte[MESSAGE_SIZE];
        return opened(load0(path, status, message), status, message);
    }

    /**
     * The book of an Edax text export (book import without searches: read, linked, negamaxed and
     * sorted); a bad line throws with its byte offset and line number.
     */
    public static Book importText(String path) {
        int[] status = {EK_ERR_INTERNAL};
        byte[] message = new byte[MESSAGE_SIZE];
        return opened(import0(path, status, message), status, message);
    }

    /** The live handle, under the book's monitor (held by the caller). */
    long handle() {
        return handle.live();
    }

    /** Writes the book as Edax's book_save, dated with its own date (a loaded book's: the same file back). */
    public synchronized void save(String path) {
        Kernels.check(save0(handle(), path, -1, 0, 0, 0, 0, 0));
    }

    /** Writes the book as Edax's book_save with this date (Edax stamps its clock); EK_ERR_RANGE for a field outside a byte. */
    public synchronized void save(String path, int year, int month, int day, int hour, int minute, int second) {
        if (year < 0) {
            Kernels.check(EK_ERR_RANGE);
        }
        Kernels.check(save0(handle(), path, year, month, day, hour, minute, second));
    }

    /** The number of positions. */
    public synchronized long size() {
        return size0(handle());
    }

    /** The entry of board's position, or null when it is not in the book. */
    public synchronized Entry probe(Board board) {
        long[] v = new long[11];
        if (Kernels.check(probe0(handle(), board.player, board.opponent, v)) == 0) {
            return null;
        }
        return new Entry((int) v[0], (int) v[1], (int) v[2], (int) v[3], (int) v[4], (int) v[5], (int) v[6], v[7], v[8],
                v[9], v[10]);
    }

    /** board's book moves (links and leaf) in Edax's order, best first (book_get_moves); empty when not in the book. */
    public synchronized Move[] moves(Board board) {
        int[] moves = new int[64], scores = new int[64];
        int n = moves0(handle(), board.player, board.opponent, moves, scores);
        if (n == EK_ERR_RANGE) {
            return new Move[0];
        }
        Kernels.check(n);
        Move[] list = new Move[Math.min(n, moves.length)];
        for (int i = 0; i < list.length; i++) {
            list[i] = new Move(moves[i], scores[i]);
        }
        return list;
    }

    /** Seeds the book's generator (Edax's random_seed). */
    public synchronized void seed(long seed) {
        seed0(handle(), seed);
    }

    /**
     * Edax's book_get_random_move: among the moves scoring at least the value minus randomness,
     * the one the generator picks (Kernels.NOMOVE, score 0, when none does); null when board is
     * not in the book.
     */
    public synchronized Move randomMove(Board board, int randomness) {
        int[] out = new int[2];
        int r = Kernels.check(randomMove0(handle(), board.player, board.opponent, randomness, out));
        return r == 1 ? new Move(out[0], out[1]) : null;
    }

    /** Edax's book_get_line: first, then the book's best moves while the position is in the book. */
    public synchronized int[] line(Board board, int first) {
        int[] line = new int[130];
        int n = Kernels.check(line0(handle(), board.player, board.opponent, first, line));
        return Arrays.copyOf(line, Math.min(n, line.length));
    }

    /** Edax's book_get_game_stats: wins, draws, losses, lines below board (zeros when not in the book). */
    public synchronized long[] gameStats(Board board) {
        long[] out = new long[4];
        Kernels.check(gameStats0(handle(), board.player, board.opponent, out));
        return out;
    }

    /** book info's text as Edax prints it. */
    public synchronized String info() {
        return info0(handle());
    }

    /** Writes Edax's text export (book export) to path. */
    public synchronized void export(String path) {
        Kernels.check(export0(handle(), path));
    }

    /** Edax's book merge: adds each position of other this book lacks (its leaf and level only). */
    public void merge(Book other) {
        if (other == this) {
            return;
        }
        synchronized (this) {
            synchronized (other) {
                Kernels.check(merge0(handle(), other.handle()));
            }
        }
    }

    /** Edax's book negamax (no search), then every position's links sorted. */
    public synchronized void negamax() {
        Kernels.check(negamax0(handle()));
    }

    /** Frees the book (again: nothing). */
    @Override
    public synchronized void close() {
        handle.close();
    }

    private static native long new0(int level, int nEmpties);
    private static native long load0(String path, int[] status, byte[] message);
    private static native long import0(String path, int[] status, byte[] message);
    private static native int save0(long h, String path, int year, int month, int day, int hour, int minute, int second);
    private static native void free0(long h);
    private static native long size0(long h);
    private static native int probe0(long h, long p, long o, long[] out);
    private static native int moves0(long h, long p, long o, int[] moves, int[] scores);
    private static native void seed0(long h, long seed);
    private static native int randomMove0(long h, long p, long o, int randomness, int[] out);
    private static native int line0(long h, long p, long o, int first, int[] line);
    private static native int gameStats0(long h, long p, long o, long[] out);
    private static native String info0(long h);
    private static native int export0(long h, String path);
    private static native int merge0(long dest, long src);
    private static native int negamax0(long h);
}
