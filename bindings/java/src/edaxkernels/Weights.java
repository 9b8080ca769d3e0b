package edaxkernels;

import java.util.Objects;

/**
 * Evaluation weights in Edax's format (an eval.dat, ek_weights_*), shared by the engines given
 * them: an {@link Engine} keeps its own hold, so closing this object early is allowed; the
 * memory (about 64 MB) goes with the last holder. Close it (try-with-resources), or leave it to
 * the garbage collector.
 */
public final class Weights implements AutoCloseable {
    private static final int EK_ERR_INTERNAL = -5;

    static {
        Library.ensureLoaded();
    }

    /** The native hold. */
    private final NativeHandle handle;

    private Weights(long handle, int status) {
        if (handle == 0) {
            Kernels.check(status < 0 ? status : EK_ERR_INTERNAL);
        }
        this.handle = new NativeHandle(this, handle, Weights::free0, "these Weights are closed");
    }

    /** The project's own weights (data/ek-eval.dat), built into the library. */
    public static Weights bundled() {
        int[] status = new int[1];
        long h = loadDefault0(status);
        return new Weights(h, status[0]);
    }

    /** The weights of an eval.dat file; throws EK_ERR_IO, EK_ERR_EVAL_FORMAT or EK_ERR_EVAL_SIZE. */
    public static Weights fromFile(String path) {
        Objects.requireNonNull(path, "path");
        int[] status = new int[1];
        long h = loadFile0(path, status);
        return new Weights(h, status[0]);
    }

    /** The weights of the bytes of an eval.dat (copied); throws EK_ERR_EVAL_FORMAT or EK_ERR_EVAL_SIZE. */
    public static Weights fromBytes(byte[] data) {
        Objects.requireNonNull(data, "data");
        int[] status = new int[1];
        long h = loadBytes0(data, status);
        return new Weights(h, status[0]);
    }

    /** A new native engine taking its own hold on these weights (0 when ek_engine_new refuses). */
    long newEngine(int hashBits) {
        return handle.withLive(h -> Engine.new0(h, hashBits));
    }

    /** Gives back this hold (engines made with the weights keep theirs). */
    @Override
    public void close() {
        handle.close();
    }

    private static native long loadDefault0(int[] status);

    private static native long loadFile0(String path, int[] status);

    private static native long loadBytes0(byte[] data, int[] status);

    private static native void free0(long handle);
}
