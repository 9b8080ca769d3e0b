package edaxkernels;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Loads libedax_kernels.so (edax_kernels.dll on Windows), once per process: from an explicit path
 * ({@link #load(String)}), else from the path in the environment variable EDAX_KERNELS_LIB, else
 * the copy packed in the jar (extracted once to a cache directory, see {@link #CACHE_PROPERTY};
 * the jar packs linux-x86_64, linux-aarch64 and windows-x86_64), else from the system search path
 * (LD_LIBRARY_PATH, the linker cache, /usr/lib; on Windows the DLL search path) when the jar has
 * none for this platform. The first use of {@link Kernels} loads it the default way unless
 * {@code load} came first.
 *
 * <p>The JNI glue, libedax_kernels_jni.so (edax_kernels_jni.dll), comes from the path in the
 * system property {@code edaxkernels.jni}, else from the jar, else from {@code java.library.path}.
 * It opens the library itself (dlopen, LoadLibraryW), so the rules above apply exactly.
 */
public final class Library {
    /** The environment variable naming the library's path. */
    public static final String ENV_VAR = "EDAX_KERNELS_LIB";
    /** The file name searched on the system search path (and packed in the jar). */
    public static final String FILE_NAME = Bundled.windows() ? "edax_kernels.dll" : "libedax_kernels.so";
    /** The system property naming the JNI glue's path. */
    public static final String JNI_PROPERTY = "edaxkernels.jni";
    /** The system property naming the directory the jar's libraries are extracted to. */
    public static final String CACHE_PROPERTY = Bundled.CACHE_PROPERTY;

    private static final String GLUE = Bundled.windows() ? "edax_kernels_jni.dll" : "libedax_kernels_jni.so";

    private static String loadedFrom;
    private static boolean glueLoaded;

    private Library() {}

    /** Where the library was loaded from (null before loading). */
    public static synchronized String loadedFrom() {
        return loadedFrom;
    }

    /**
     * Loads the library from {@code path}; null means EDAX_KERNELS_LIB, else the jar's copy, else
     * the system search path.
     */
    public static synchronized void load(String path) {
        String how;
        String target;
        Path bundled;
        if (path != null) {
            how = "explicit path";
            target = path;
        } else if (System.getenv(ENV_VAR) != null && !System.getenv(ENV_VAR).isEmpty()) {
            how = ENV_VAR;
            target = System.getenv(ENV_VAR);
        } else if ((bundled = extract(FILE_NAME)) != null) {
            how = "packed in the jar";
            target = bundled.toString();
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
                            + "path, or use the jar that packs it for this platform.",
                    target, how, error, ENV_VAR), 0);
        }
        loadedFrom = target;
    }

    static synchronized void ensureLoaded() {
        if (loadedFrom == null) {
            load(null);
        }
    }

    /** The jar's copy of a library, extracted; null when the jar has none for this platform. */
    private static Path extract(String name) {
        try {
            return Bundled.extract(name);
        } catch (IOException e) {
            throw new EdaxKernelsException("edax_kernels: cannot extract " + name + " from the jar: " + e
                    + "; set -D" + CACHE_PROPERTY + " to a writable directory", 0);
        }
    }

    private static void loadGlue() {
        if (glueLoaded) {
            return;
        }
        String glue = System.getProperty(JNI_PROPERTY);
        Path bundled = glue == null ? extract(GLUE) : null;
        try {
            if (glue != null) {
                System.load(glue);
            } else if (bundled != null) {
                System.load(bundled.toString());
            } else {
                System.loadLibrary("edax_kernels_jni");
            }
        } catch (UnsatisfiedLinkError e) {
            throw new EdaxKernelsException("edax_kernels: cannot load the JNI glue " + GLUE + " (" + e.getMessage()
                    + "); use the jar that packs it for this platform, put its directory on java.library.path or set -D"
                    + JNI_PROPERTY + "=PATH", 0);
        }
        glueLoaded = true;
    }

    /** Opens the library and resolves every function; returns null, or why it failed. */
    private static native String open(String path);
}
