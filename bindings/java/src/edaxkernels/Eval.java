package edaxkernels;

/**
 * Edax's Eval: the pattern features along a line of play, evaluated with the weights that
 * {@link Kernels#evalLoadFile}, {@link Kernels#evalLoadBytes} or {@link Kernels#evalLoadDefault}
 * loaded. {@link #set} starts a line, {@link #update} plays a move, {@link #pass} a pass,
 * {@link #restore} takes a move back, and {@link #accumulate} gives the raw sum of the weights of
 * the current position. Holds native memory: close it (try-with-resources), or leave it to the
 * garbage collector. Not for use by two threads at once.
 */
public final class Eval implements AutoCloseable {
    static {
        Library.ensureLoaded();
    }

    private final NativeHandle handle;

    /** A new evaluation state (call {@link #set} before evaluating). */
    public Eval() {
        long h = alloc0();
        if (h == 0) {
            throw new OutOfMemoryError("edax_kernels: cannot allocate an Eval");
        }
        handle = new NativeHandle(this, h, Eval::free0, "this Eval is closed");
    }

    /** A new evaluation state set to {@code board}. */
    public Eval(Board board) {
        this();
        set(board);
    }

    private long live() {
        return handle.live();
    }

    /** Starts from {@code board} (side to move first); throws for more than 60 empty squares. */
    public void set(Board board) {
        Kernels.check(set0(live(), board.player, board.opponent));
    }

    /** The side to move plays {@code x}, flipping {@code flipped}. */
    public void update(int x, long flipped) {
        Kernels.check(update0(live(), x, flipped));
    }

    /** Takes back the last update (throws when there is none). */
    public void restore() {
        Kernels.check(restore0(live()));
    }

    /** The side to move passes (or a pass is taken back). */
    public void pass() {
        Kernels.check(pass0(live()));
    }

    /** The raw sum of the weights of the current position (throws EK_ERR_EVAL_NONE, -9, without weights). */
    public int accumulate() {
        int[] sum = new int[1];
        Kernels.check(accumulate0(live(), sum));
        return sum[0];
    }

    /** 60 minus the empty squares of the current position. */
    public int ply() {
        return ply0(live());
    }

    /** 0 when the side to move is the one of set's board, else 1. */
    public int player() {
        return player0(live());
    }

    /** Frees the native memory (again: nothing). */
    @Override
    public void close() {
        handle.close();
    }

    private static native long alloc0();

    private static native void free0(long handle);

    private static native int set0(long handle, long p, long o);

    private static native int update0(long handle, int x, long flipped);

    private static native int restore0(long handle);

    private static native int pass0(long handle);

    private static native int accumulate0(long handle, int[] sum);

    private static native int ply0(long handle);

    private static native int player0(long handle);
}
