package edaxkernels;

/**
 * Loads libedax_kernels.so, once per process: from an explicit path ({@link #load(String)}), else
 * from the path in the environment variable EDAX_KERNELS_LIB, else from the system search path
 * (LD_LIBRARY_PATH, the linker cache, /usr/lib). The first use of {@link Kernels} loads it the
 * default way unless {@code load} came first.
 *
 * <p>The JNI glue, libedax_kernels_jni.so, is found on {@code java.library.path}, or at the path in
 * the system property {@code edaxkernels.jni}. It opens libedax_kernels.so itself (dlopen), so the
 * rules above apply exactly.
 */
public final class Library {
    /** The environment variable naming the library's path. */
    public static final String ENV_VAR = "EDAX_KERNELS_LIB";
    /** The file name searched on the system search path. */
    public static final String FILE_NAME = "libedax_kernels.so";
    /** The system property naming the JNI glue's path. */
    public static final String JNI_PROPERTY = "edaxkernels.jni";

    private static String loadedFrom;
    private static boolean glueLoaded;

    private Library() {}

    /** Where the library was loaded from (null before loading). */
    public static synchronized String loadedFrom() {
        return loadedFrom;
    }

    /** Loads the library from {@code path}; null means EDAX_KERNELS_LIB, else the system search path. */
    public static synchronized void load(String path) {
        String how;
        String target;
        if (path != null) {
            how = "explicit path";
            target = path;
        } else if (System.getenv(ENV_VAR) != null && !System.getenv(ENV_VAR).isEmpty()) {
            how = ENV_VAR;
            target = System.getenv(ENV_VAR);
        } else {
            how = "system search path";
            target = FILE_NAME;
        }
        if (loadedFrom != null) {
            if (loadedFrom.equals(target)) {
                return;
            }
            throw new EdaxKernelsException("edax_kernels: already loaded from " + loadedFrom + ", cannot load " + target, 0);
        }
        loadGlue();
        String error = open(target);
        if (error != null) {
            throw new EdaxKernelsException(String.format(
                    "edax_kernels: cannot load the library %s (%s): %s. Pass its path to Library.load, set %s to its "
                            + "path, or put %s on the library search path (LD_LIBRARY_PATH).",
                    target, how, error, ENV_VAR, FILE_NAME), 0);
        }
        loadedFrom = target;
    }

    static synchronized void ensureLoaded() {
        if (loadedFrom == null) {
            load(null);
        }
    }

    private static void loadGlue() {
        if (glueLoaded) {
            return;
        }
        String glue = System.getProperty(JNI_PROPERTY);
        try {
            if (glue != null) {
                System.load(glue);
            } else {
                System.loadLibrary("edax_kernels_jni");
            }
        } catch (UnsatisfiedLinkError e) {
            throw new EdaxKernelsException("edax_kernels: cannot load the JNI glue libedax_kernels_jni.so (" + e.getMessage()
                    + "); put its directory on java.library.path or set -D" + JNI_PROPERTY + "=PATH", 0);
        }
        glueLoaded = true;
    }

    /** Opens the library and resolves every function; returns null, or why it failed. */
    private static native String open(String path);
}
