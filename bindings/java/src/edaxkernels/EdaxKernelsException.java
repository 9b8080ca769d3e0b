package edaxkernels;

/** An error reported by the library (an EK_* status code) or by loading it. */
public class EdaxKernelsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;

    public EdaxKernelsException(String message, int status) {
        super(message);
        this.status = status;
    }

    /** The EK_* status code (0 when the library could not be loaded). */
    public int status() {
        return status;
    }
}
