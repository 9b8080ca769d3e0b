package edaxkernels;

import java.lang.ref.Cleaner;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;

/**
 * A native object's address for the classes that own one (Book, Eval, Weights), freed once: by
 * {@link #close}, or by a Cleaner when the owner is unreachable. The free function must not hold
 * the owner (a static native method such as {@code Eval::free0}), or the owner would never be
 * unreachable.
 */
final class NativeHandle {
    private static final Cleaner CLEANER = Cleaner.create();

    /** The address (0 once freed) and how to free it: what the Cleaner runs. */
    private static final class State implements Runnable {
        long handle;
        final LongConsumer free;

        State(long handle, LongConsumer free) {
            this.handle = handle;
            this.free = free;
        }

        @Override
        public synchronized void run() {
            if (handle != 0) {
                free.accept(handle);
                handle = 0;
            }
        }
    }

    private final State state;
    private final Cleaner.Cleanable cleanable;
    private final String closed;

    /** Owns {@code handle} for {@code owner}; {@code closed} says what a call after close is refused with. */
    NativeHandle(Object owner, long handle, LongConsumer free, String closed) {
        state = new State(handle, free);
        cleanable = CLEANER.register(owner, state);
        this.closed = closed;
    }

    /** True once the native object is freed, or when it was never made (a handle of 0). */
    boolean isNull() {
        return state.handle == 0;
    }

    /** The address; throws IllegalStateException once freed. The owner keeps close from racing it. */
    long live() {
        long h = state.handle;
        if (h == 0) {
            throw new IllegalStateException("edax_kernels: " + closed);
        }
        return h;
    }

    /** {@code f} of the live address, the native object kept from being freed meanwhile. */
    long withLive(LongUnaryOperator f) {
        synchronized (state) {
            return f.applyAsLong(live());
        }
    }

    /** Frees the native object (again: nothing). */
    void close() {
        cleanable.clean();
    }
}
