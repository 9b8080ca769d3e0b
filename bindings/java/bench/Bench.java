// Per-call cost of Kernels.flip from Java (JNI), and per-board cost of Kernels.flipBatch, on the
// records of a flip.txt golden file, with the jar's libraries. Prints
// "java <single ns/call> <batch ns/board> <checksum>".
// Usage: java -cp edax-kernels-VERSION.jar:CLASSES Bench FLIP_TXT

import edaxkernels.Kernels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

public final class Bench {
    static final int SAMPLES = 11;
    static int[] xs;
    static long[] ps, os, result;
    static long sink;

    static void single() {
        long s = 0;
        for (int i = 0; i < xs.length; i++) {
            s += Kernels.flip(xs[i], ps[i], os[i]);
        }
        sink += s;
    }

    static void batch() {
        Kernels.flipBatch(xs, ps, os, result);
        sink += result[result.length - 1];
    }

    /** Median over SAMPLES of the time per board of f, each sample repeating f for >= 20 ms. */
    static double perBoard(Runnable f) {
        int reps = 1;
        for (;; reps *= 2) {
            long t0 = System.nanoTime();
            for (int r = 0; r < reps; r++) {
                f.run();
            }
            if (System.nanoTime() - t0 >= 20_000_000L) {
                break;
            }
        }
        double[] t = new double[SAMPLES];
        for (int s = 0; s < SAMPLES; s++) {
            long t0 = System.nanoTime();
            for (int r = 0; r < reps; r++) {
                f.run();
            }
            t[s] = (double) (System.nanoTime() - t0) / reps / xs.length;
        }
        Arrays.sort(t);
        return t[SAMPLES / 2];
    }

    public static void main(String[] args) throws Exception {
        List<String[]> recs = Files.readAllLines(Path.of(args[0])).stream()
                .filter(l -> !l.startsWith("#")).map(l -> l.split(" ")).collect(Collectors.toList());
        xs = recs.stream().mapToInt(r -> Integer.parseInt(r[2])).toArray();
        ps = recs.stream().mapToLong(r -> Long.parseUnsignedLong(r[0], 16)).toArray();
        os = recs.stream().mapToLong(r -> Long.parseUnsignedLong(r[1], 16)).toArray();
        result = new long[xs.length];
        double a = perBoard(Bench::single), b = perBoard(Bench::batch);
        System.out.printf("java %.2f %.2f %d%n", a, b, sink);
    }
}
