// Per-call cost of Kernels.flip from Java (JNI), and per-board cost of Kernels.flipBatch, on the
// records of a flip.txt golden file, with the jar's libraries; then the cost per position of
// Solver.solveBatch on the first 200 positions of eval.txt with at most 14 empty squares, as
// bindings/c/bench/bench.c measures it; the engine's level-10 searches; and a random Game from
// the start to the end. Prints "java <single ns/call> <batch ns/board> <checksum>", "java-solve
// <batch us/position> <checksum>", "java-engine <ms/position> <checksum>" and "java-game
// <us/game> <plies/game>".
// Usage: java -cp edax-kernels-VERSION.jar:CLASSES Bench FLIP_TXT EVAL_TXT

import edaxkernels.Board;
import edaxkernels.Engine;
import edaxkernels.Game;
import edaxkernels.Kernels;
import edaxkernels.Solver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

public final class Bench {
    static final int SAMPLES = 11, SOLVES = 200, SOLVE_SAMPLES = 3, SOLVE_PASSES = 10, MAX_EMPTIES = 14;
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

    /**
     * Median over SOLVE_SAMPLES of the time per position of one solveBatch call on the first
     * SOLVES positions of eval.txt with at most MAX_EMPTIES empty squares, each sample
     * SOLVE_PASSES calls on a cleared table (the clearing not timed); and the sum of
     * 100 * score + move.
     */
    static String solveBatch(Path evalTxt) throws Exception {
        long[][] boards = Files.readAllLines(evalTxt).stream().filter(l -> !l.startsWith("#")).map(l -> l.split(" "))
                .map(r -> new long[] {Long.parseUnsignedLong(r[0], 16), Long.parseUnsignedLong(r[1], 16)})
                .filter(b -> 64 - Long.bitCount(b[0] | b[1]) <= MAX_EMPTIES).limit(SOLVES).toArray(long[][]::new);
        long[] sps = Arrays.stream(boards).mapToLong(b -> b[0]).toArray();
        long[] sos = Arrays.stream(boards).mapToLong(b -> b[1]).toArray();
        int[] scores = new int[SOLVES], moves = new int[SOLVES];
        double[] t = new double[SOLVE_SAMPLES];
        try (Solver solver = new Solver(20)) {
            for (int s = 0; s < SOLVE_SAMPLES; s++) {
                for (int r = 0; r < SOLVE_PASSES; r++) {
                    solver.clear();
                    long t0 = System.nanoTime();
                    solver.solveBatch(sps, sos, scores, moves);
                    t[s] += (System.nanoTime() - t0) / 1e3 / SOLVE_PASSES / SOLVES;
                }
            }
        }
        Arrays.sort(t);
        long check = 0;
        for (int i = 0; i < SOLVES; i++) {
            check += 100L * scores[i] + moves[i];
        }
        return String.format("java-solve %.2f %d", t[SOLVE_SAMPLES / 2], check);
    }

    /**
     * Median over SOLVE_SAMPLES of the time per level-10 search (Engine.search, the built-in
     * weights, a table of 2^20 entries cleared before each search, not timed) of the first 40
     * positions of eval.txt with at least 24 empty squares; and the sum of 100 * score + move +
     * nodes.
     */
    static String engineSearches(Path evalTxt) throws Exception {
        long[][] boards = Files.readAllLines(evalTxt).stream().filter(l -> !l.startsWith("#")).map(l -> l.split(" "))
                .map(r -> new long[] {Long.parseUnsignedLong(r[0], 16), Long.parseUnsignedLong(r[1], 16)})
                .filter(b -> 64 - Long.bitCount(b[0] | b[1]) >= 24).limit(40).toArray(long[][]::new);
        double[] t = new double[SOLVE_SAMPLES];
        long check = 0;
        try (Engine engine = new Engine(null, 20)) {
            for (int s = 0; s < SOLVE_SAMPLES; s++) {
                check = 0;
                for (long[] b : boards) {
                    engine.clear();
                    long t0 = System.nanoTime();
                    Engine.Result r = engine.search(new Board(b[0], b[1]), 10);
                    t[s] += (System.nanoTime() - t0) / 1e6 / boards.length;
                    check += 100L * r.score() + r.bestMove() + r.nodes();
                }
            }
        }
        Arrays.sort(t);
        return String.format("java-engine %.3f %d", t[SOLVE_SAMPLES / 2], check);
    }

    /**
     * The time per random game from the start to the end (playRandom until NOMOVE), best of 5
     * rounds of 20,000 games after a warm-up round; and the plies per game.
     */
    static String randomGames() {
        java.util.random.RandomGenerator rng = new java.util.SplittableRandom(12345);
        final int games = 20_000;
        double best = Double.MAX_VALUE;
        long plies = 0;
        for (int round = 0; round < 6; round++) {
            plies = 0;
            long t0 = System.nanoTime();
            for (int i = 0; i < games; i++) {
                Game g = new Game();
                while (g.playRandom(rng) != Kernels.NOMOVE) {
                    // to the end
                }
                plies += g.ply();
            }
            double us = (System.nanoTime() - t0) / 1e3 / games;
            if (round > 0) {
                best = Math.min(best, us); // round 0: warm-up
            }
        }
        return String.format(java.util.Locale.ROOT, "java-game %.2f %.1f", best, (double) plies / games);
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
        System.out.println(solveBatch(Path.of(args[1])));
        System.out.println(engineSearches(Path.of(args[1])));
        System.out.println(randomGames());
    }
}
