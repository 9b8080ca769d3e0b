package edaxkernels;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * The native libraries packed in the jar, under {@code edaxkernels/native/PLATFORM/}, extracted
 * once to a cache directory: {@code edaxkernels.cache} (a system property) if set, else
 * {@code $XDG_CACHE_HOME/edax-kernels}, else {@code ~/.cache/edax-kernels}, else
 * {@code java.io.tmpdir}; in a subdirectory per version and platform. A file already there is
 * used when it has the jar's bytes, and replaced atomically otherwise (so processes that have
 * it open, or extract it at the same time, are not disturbed).
 */
final class Bundled {
    /** The cache directory's system property. */
    static final String CACHE_PROPERTY = "edaxkernels.cache";

    private Bundled() {}

    /**
     * The platform directory of this JVM's natives in the jar: "linux-x86_64", "linux-aarch64" or
     * "windows-x86_64" (null for any other).
     */
    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase();
        String arch = System.getProperty("os.arch", "");
        boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
        if (os.startsWith("linux") && x64) {
            return "linux-x86_64";
        }
        if (os.startsWith("linux") && arch.equals("aarch64")) {
            return "linux-aarch64";
        }
        if (os.startsWith("windows") && x64) {
            return "windows-x86_64";
        }
        return null;
    }

    /** Whether this JVM runs on Windows, where the libraries are DLLs. */
    static boolean windows() {
        return System.getProperty("os.name", "").toLowerCase().startsWith("windows");
    }

    /** The extracted file of the jar's library {@code name}, or null when the jar has none for this platform. */
    static Path extract(String name) throws IOException {
        String platform = platform();
        if (platform == null) {
            return null;
        }
        byte[] bytes;
        try (InputStream in = Bundled.class.getResourceAsStream("native/" + platform + "/" + name)) {
            if (in == null) {
                return null;
            }
            bytes = in.readAllBytes();
        }
        String version = Bundled.class.getPackage().getImplementationVersion();
        Path dir = cacheRoot().toAbsolutePath().resolve((version == null ? "dev" : version) + "-" + platform);
        Path file = dir.resolve(name);
        if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), bytes)) {
            return file;
        }
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, name, ".tmp");
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return file;
    }

    private static Path cacheRoot() {
        String configured = System.getProperty(CACHE_PROPERTY);
        if (configured != null && !configured.isEmpty()) {
            return Path.of(configured);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isEmpty()) {
            return Path.of(xdg, "edax-kernels");
        }
        String home = System.getProperty("user.home");
        if (home != null && !home.isEmpty() && Files.isWritable(Path.of(home))) {
            return Path.of(home, ".cache", "edax-kernels");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "edax-kernels-" + System.getProperty("user.name", "user"));
    }
}
