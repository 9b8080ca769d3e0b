// Tests of the Java binding: known answers from Edax 4.6 (tests/data/golden), single and batch
// calls, on every level this CPU has; perft 6..8 both through ek_perft and walked here with the
// batch calls; the evaluation (eval.txt replayed with the synthetic eval.dat named by the
// environment variable EK_EVAL_DAT); the solver (tests/data/fforum-1-19 to the published
// scores, batch against single solves, a solve stopped from another thread, the node limit,
// the threads, the evaluation ordering) and Edax's leaf search (shallow.txt); loading and error
// reporting.
//
// Usage: java -cp JAR:TEST_CLASSES KernelsTest GOLDEN_DIR LIBRARY_PATH, or LIBRARY_PATH "-" to
// load the default way (EDAX_KERNELS_LIB, else the jar's copy, extracted to the directory of
// -Dedaxkernels.cache or $XDG_CACHE_HOME when set; with the classes alone on the class path,
// the system search path). The jar must carry Cargo.toml's version (GOLDEN_DIR/../../..).

import edaxkernels.Board;
import edaxkernels.EdaxKernelsException;
import edaxkernels.Eval;
import edaxkernels.Kernels;
import edaxkernels.Library;
import edaxkernels.Solver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

public final class KernelsTest {
    private static Path golden;
    private static int passed, failed;

    interface Test {
        void run() throws Exception;
    }

    interface LevelTest {
        void run(String isa) throws Exception;
    }

    static List<String[]> records(String name) throws IOException {
        List<String[]> recs = new ArrayList<>();
        for (String line : Files.readAllLines(golden.resolve(name))) {
            if (!line.startsWith("#") && !line.isBlank()) {
                recs.add(line.split(" "));
            }
        }
        if (recs.isEmpty()) {
            throw new IOException(name + " has no records");
        }
        return recs;
    }

    static long hex(String s) {
        return Long.parseUnsignedLong(s, 16);
    }

    static int dec(String s) {
        return Integer.parseInt(s);
    }

    static void eq(Object got, Object want, String what) {
        if (!Objects.equals(got, want)) {
            throw new AssertionError(what + ": got " + got + ", want " + want);
        }
    }

    static void throwsA(Class<? extends Throwable> type, Test t, String what) {
        try {
            t.run();
        } catch (Throwable e) {
            if (type.isInstance(e)) {
                return;
            }
            throw new AssertionError(what + ": threw " + e);
        }
        throw new AssertionError(what + ": no " + type.getSimpleName());
    }

    static void run(String name, Test t) {
        try {
            t.run();
            passed++;
            System.out.println("ok   " + name);
        } catch (Throwable e) {
            failed++;
            System.out.println("FAIL " + name + ": " + e);
        }
    }

    static void onEveryLevel(LevelTest t) throws Exception {
        String best = Kernels.isa();
        try {
            for (String isa : new String[] {"portable", "sse2", "avx2", "avx512", "neon"}) {
                if (Kernels.isaSupported(isa)) {
                    Kernels.setIsa(isa);
                    t.run(isa);
                }
            }
        } finally {
            Kernels.setIsa(best);
        }
    }

    static long[] hexColumn(List<String[]> recs, int c) {
        return recs.stream().mapToLong(r -> hex(r[c])).toArray();
    }

    static int[] decColumn(List<String[]> recs, int c) {
        return recs.stream().mapToInt(r -> dec(r[c])).toArray();
    }

    static void flip() throws Exception {
        List<String[]> recs = records("flip.txt");
        long[] ps = hexColumn(recs, 0), os = hexColumn(recs, 1), want = hexColumn(recs, 3);
        int[] xs = decColumn(recs, 2);
        onEveryLevel(isa -> {
            long[] batch = Kernels.flipBatch(xs, ps, os);
            for (int i = 0; i < xs.length; i++) {
                eq(Kernels.flip(xs[i], ps[i], os[i]), want[i], isa + " flip line " + i);
                eq(batch[i], want[i], isa + " flip batch line " + i);
            }
        });
    }

    static void boardNext() throws Exception {
        List<String[]> recs = records("flip.txt");
        long[] ps = hexColumn(recs, 0), os = hexColumn(recs, 1), f = hexColumn(recs, 3);
        int[] xs = decColumn(recs, 2);
        long[] np = ps.clone(), no = os.clone();
        Kernels.nextBatch(xs, np, no, np, no); // in place
        for (int i = 0; i < xs.length; i++) {
            long sq = xs[i] < 64 ? 1L << xs[i] : 0;
            Board want = new Board(os[i] ^ f[i], ps[i] ^ (f[i] | sq));
            eq(Kernels.next(new Board(ps[i], os[i]), xs[i]), want, "next line " + i);
            eq(new Board(np[i], no[i]), want, "next batch (in place) line " + i);
        }
    }

    static void moves() throws Exception {
        List<String[]> recs = records("moves.txt");
        long[] ps = hexColumn(recs, 0), os = hexColumn(recs, 1), want = hexColumn(recs, 2);
        onEveryLevel(isa -> {
            long[] moves = Kernels.getMovesBatch(ps, os);
            int[] mobility = Kernels.getMobilityBatch(ps, os);
            for (int i = 0; i < ps.length; i++) {
                String at = isa + " moves line " + i;
                String[] r = recs.get(i);
                eq(Kernels.getMoves(ps[i], os[i]), want[i], at);
                eq(moves[i], want[i], at + " (batch)");
                eq(Kernels.getMobility(ps[i], os[i]), dec(r[3]), at + " mobility");
                eq(mobility[i], dec(r[3]), at + " mobility (batch)");
                eq(Kernels.getWeightedMobility(ps[i], os[i]), dec(r[4]), at + " weighted");
                eq(Kernels.getPotentialMobility(ps[i], os[i]), dec(r[5]), at + " potential");
                eq(Kernels.canMove(ps[i], os[i]), r[6].equals("1"), at + " can_move");
            }
        });
    }

    static void stability() throws Exception {
        List<String[]> recs = records("stability.txt");
        long[] ps = hexColumn(recs, 0), os = hexColumn(recs, 1);
        onEveryLevel(isa -> {
            int[] batch = Kernels.getStabilityBatch(ps, os);
            for (int i = 0; i < ps.length; i++) {
                String at = isa + " stability line " + i;
                String[] r = recs.get(i);
                eq(Kernels.getStability(ps[i], os[i]), dec(r[2]), at);
                eq(batch[i], dec(r[2]), at + " (batch)");
                eq(Kernels.getEdgeStability(ps[i], os[i]), dec(r[3]), at + " edge");
                eq(Kernels.getCornerStability(ps[i]), dec(r[4]), at + " corner");
            }
        });
    }

    static void lastFlip() throws Exception {
        List<String[]> recs = records("last_flip.txt");
        long[] ps = hexColumn(recs, 0);
        int[] xs = decColumn(recs, 1), want = decColumn(recs, 2);
        onEveryLevel(isa -> {
            int[] batch = Kernels.countLastFlipBatch(xs, ps);
            for (int i = 0; i < ps.length; i++) {
                eq(Kernels.countLastFlip(xs[i], ps[i]), want[i], isa + " last flip line " + i);
                eq(batch[i], want[i], isa + " last flip batch line " + i);
            }
        });
    }

    static void hash() throws Exception {
        List<String[]> recs = records("hash.txt");
        long[] ps = hexColumn(recs, 0), os = hexColumn(recs, 1), want = hexColumn(recs, 2);
        long[] batch = Kernels.hashBatch(ps, os);
        for (int i = 0; i < ps.length; i++) {
            eq(Kernels.hash(new Board(ps[i], os[i])), want[i], "hash line " + i);
            eq(batch[i], want[i], "hash batch line " + i);
        }
    }

    static void symmetryAndUnique() throws Exception {
        int i = 0;
        for (String[] r : records("symmetry.txt")) {
            Board b = new Board(hex(r[0]), hex(r[1]));
            eq(Kernels.symmetry(b, dec(r[2])), new Board(hex(r[3]), hex(r[4])), "symmetry line " + i++);
        }
        i = 0;
        for (String[] r : records("unique.txt")) {
            Kernels.Unique u = Kernels.unique(new Board(hex(r[0]), hex(r[1])));
            eq(u.board, new Board(hex(r[2]), hex(r[3])), "unique line " + i);
            eq(u.symmetry, dec(r[4]), "unique symmetry line " + i++);
        }
    }

    /** Nodes depth plies below root, level by level with the batch calls (Edax's convention). */
    static long walkPerft(Board root, int depth) {
        long[] ps = {root.player}, os = {root.opponent};
        for (int ply = 0; ply < depth; ply++) {
            long[] moves = Kernels.getMovesBatch(ps, os);
            int n = 0;
            for (int i = 0; i < ps.length; i++) {
                n += moves[i] != 0 ? Long.bitCount(moves[i]) : Kernels.canMove(os[i], ps[i]) ? 1 : 0;
            }
            int[] xs = new int[n];
            long[] cp = new long[n], co = new long[n];
            int k = 0;
            for (int i = 0; i < ps.length; i++) {
                if (moves[i] == 0 && Kernels.canMove(os[i], ps[i])) {
                    xs[k] = Kernels.PASS;
                    cp[k] = ps[i];
                    co[k++] = os[i];
                }
                for (long m = moves[i]; m != 0; m &= m - 1) {
                    xs[k] = Long.numberOfTrailingZeros(m);
                    cp[k] = ps[i];
                    co[k++] = os[i];
                }
            }
            Kernels.nextBatch(xs, cp, co, cp, co);
            ps = cp;
            os = co;
        }
        return ps.length;
    }

    static void perft() throws Exception {
        for (String[] r : records("perft.txt")) {
            int depth = dec(r[0]);
            if (depth >= 6 && depth <= 8) {
                eq(Kernels.perft(Board.START, depth), Long.parseUnsignedLong(r[1]), "ek_perft depth " + depth);
                eq(walkPerft(Board.START, depth), Long.parseUnsignedLong(r[1]), "walked perft depth " + depth);
            }
        }
    }

    static void errors() throws Exception {
        throwsA(EdaxKernelsException.class, () -> Kernels.symmetry(Board.START, 8), "symmetry 8");
        try {
            Kernels.symmetry(Board.START, -1);
        } catch (EdaxKernelsException e) {
            eq(e.status(), -2, "EK_ERR_RANGE status");
        }
        throwsA(EdaxKernelsException.class, () -> Kernels.setIsa("bogus"), "unknown level");
        throwsA(IllegalArgumentException.class, () -> Kernels.flipBatch(new int[2], new long[2], new long[3]), "lengths");
        throwsA(NullPointerException.class, () -> Kernels.getMovesBatch(null, new long[1]), "null array");
        eq(Kernels.flipBatch(new int[0], new long[0], new long[0]).length, 0, "empty batch");
        eq(Kernels.flip(Kernels.PASS, Board.START.player, Board.START.opponent), 0L, "flip pass");
        eq(Kernels.version().split("\\.").length, 3, "version");
    }

    static String evalDat() {
        String path = System.getenv("EK_EVAL_DAT");
        if (path == null || path.isEmpty()) {
            throw new AssertionError("EK_EVAL_DAT must name the synthetic eval.dat (bindings/test.sh sets it)");
        }
        return path;
    }

    /**
     * Replays every game of eval.txt on e (set at each game's start, then update, pass, and a
     * restore-and-replay of each move), checking ply, player and sum; returns the positions.
     */
    static int replay(Eval e) throws IOException {
        List<String[]> recs = records("eval.txt");
        Board prev = null;
        int prevSum = 0;
        for (int i = 0; i < recs.size(); i++) {
            String[] r = recs.get(i);
            Board b = new Board(hex(r[0]), hex(r[1]));
            int ply = dec(r[2]), player = dec(r[3]), want = dec(r[4]);
            long discs = b.player | b.opponent, before = prev == null ? 0 : prev.player | prev.opponent;
            long placed = discs ^ before;
            if (prev != null && b.player == prev.opponent && b.opponent == prev.player) {
                e.pass();
            } else if (prev != null && (discs & before) == before && Long.bitCount(placed) == 1) {
                int x = Long.numberOfTrailingZeros(placed);
                e.update(x, prev.opponent ^ b.player);
                eq(e.accumulate(), want, "sum after update, record " + i);
                e.restore();
                eq(e.accumulate(), prevSum, "sum after restore, record " + i);
                e.update(x, prev.opponent ^ b.player);
            } else {
                e.set(b);
            }
            eq(e.ply(), ply, "ply, record " + i);
            eq(e.player(), player, "player, record " + i);
            eq(e.accumulate(), want, "sum, record " + i);
            prev = b;
            prevSum = want;
        }
        return recs.size();
    }

    static void evalReplay() throws Exception {
        Kernels.evalLoadFile(evalDat());
        onEveryLevel(isa -> {
            try (Eval e = new Eval()) {
                eq(replay(e), 3686, "eval.txt positions");
            }
        });
        Kernels.evalLoadBytes(Files.readAllBytes(Path.of(evalDat())));
        try (Eval e = new Eval()) {
            eq(replay(e), 3686, "eval.txt positions after loading bytes");
        }
        String[] first = records("eval.txt").get(1);
        try (Eval e = new Eval(new Board(hex(first[0]), hex(first[1])))) {
            eq(e.accumulate(), dec(first[4]), "fresh Eval(board)");
        }
    }

    static void expectStatus(Test t, int status, String what) throws Exception {
        try {
            t.run();
        } catch (EdaxKernelsException e) {
            eq(e.status(), status, what + " status");
            if (!e.getMessage().startsWith("edax_kernels: ")) {
                throw new AssertionError(what + ": unclear message " + e.getMessage());
            }
            return;
        }
        throw new AssertionError(what + ": no EdaxKernelsException");
    }

    static void evalErrors() throws Exception {
        Kernels.evalLoadFile(evalDat());
        byte[] data = Files.readAllBytes(Path.of(evalDat()));
        Eval e = new Eval(Board.START);
        int want = e.accumulate();
        Path tmp = Files.createTempFile("edax_kernels", ".dat");
        Files.write(tmp, java.util.Arrays.copyOf(data, data.length / 2));
        expectStatus(() -> Kernels.evalLoadFile("/nonexistent/eval.dat"), -6, "missing file");
        expectStatus(() -> Kernels.evalLoadFile(tmp.toString()), -8, "truncated file");
        expectStatus(() -> Kernels.evalLoadBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}), -7, "not an eval file");
        expectStatus(() -> Kernels.evalLoadBytes(java.util.Arrays.copyOf(data, data.length - 1)), -8, "one byte short");
        Files.delete(tmp);
        throwsA(NullPointerException.class, () -> Kernels.evalLoadBytes(null), "null bytes");
        eq(Kernels.evalLoaded(), true, "weights kept after failed loads");
        eq(e.accumulate(), want, "sum kept after failed loads");
        expectStatus(() -> e.update(64, 0), -2, "update at square 64");
        expectStatus(e::restore, -2, "restore without update");
        expectStatus(() -> e.set(new Board(0, 0)), -2, "set with 64 empty squares");
        Kernels.evalUnload();
        eq(Kernels.evalLoaded(), false, "unloaded");
        expectStatus(e::accumulate, -9, "accumulate without weights");
        Kernels.evalLoadFile(evalDat());
        eq(e.accumulate(), want, "sum after reloading");
        e.close();
        e.close();
        throwsA(IllegalStateException.class, e::accumulate, "accumulate after close");
    }

    /** An fforum problem: the board, its empty squares, best score and each listed move's score. */
    record Problem(Board board, int empties, int best, Map<Integer, Integer> moves) {}

    static List<Problem> fforum(String name) throws IOException {
        List<Problem> problems = new ArrayList<>();
        for (String line : Files.readAllLines(golden.resolve("../fforum").resolve(name))) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split(" ");
            Map<Integer, Integer> moves = new HashMap<>();
            for (int i = 4; i < f.length; i++) {
                String[] m = f[i].split(":");
                moves.put(m[0].charAt(0) - 'a' + 8 * (m[0].charAt(1) - '1'), dec(m[1]));
            }
            problems.add(new Problem(new Board(hex(f[0]), hex(f[1])), dec(f[2]), dec(f[3]), moves));
        }
        return problems;
    }

    /** A1 against H8: a finished game (a draw), solved at once. */
    static final Board OVER = new Board(1L, 1L << 63);

    static void solverFforum() throws Exception {
        List<Problem> problems = fforum("fforum-1-19.txt");
        eq(problems.size(), 19, "fforum-1-19 problems");
        try (Solver s = new Solver(20)) {
            for (int i = 0; i < problems.size(); i++) {
                Problem pb = problems.get(i);
                Solver.Result r = s.solve(pb.board());
                eq(r.score(), pb.best(), "fforum #" + (i + 1));
                eq(pb.moves().get(r.bestMove()), pb.best(), "fforum #" + (i + 1) + " move " + r.bestMove());
                eq(r.nodes() > 0, true, "nodes counted");
            }
        }
    }

    static void solverBatch() throws Exception {
        List<Problem> problems = fforum("fforum-1-19.txt");
        long[] ps = problems.stream().mapToLong(p -> p.board().player).toArray();
        long[] os = problems.stream().mapToLong(p -> p.board().opponent).toArray();
        int[] scores = new int[ps.length], moves = new int[ps.length];
        // Two solvers given the same positions in the same order: their tables evolve alike.
        try (Solver batch = new Solver(20); Solver single = new Solver(20)) {
            batch.solveBatch(ps, os, scores, moves);
            for (int i = 0; i < ps.length; i++) {
                Solver.Result r = single.solve(problems.get(i).board());
                eq(scores[i], r.score(), "batch score #" + (i + 1));
                eq(moves[i], r.bestMove(), "batch move #" + (i + 1));
                eq(scores[i], problems.get(i).best(), "published score #" + (i + 1));
            }
            int[] only = batch.solveBatch(ps, os);
            eq(java.util.Arrays.equals(only, scores), true, "scores-only batch");
            eq(batch.solveBatch(new long[0], new long[0]).length, 0, "empty batch");
        }
    }

    static void solverStop() throws Exception {
        Board slow = fforum("fforum-20-39.txt").stream().filter(p -> p.empties() == 24).findFirst().orElseThrow().board();
        try (Solver s = new Solver(20)) {
            // The probe below may hold the solver for a moment: the worker retries until it runs.
            CompletableFuture<Object> worker = CompletableFuture.supplyAsync(() -> {
                while (true) {
                    try {
                        return s.solve(slow);
                    } catch (EdaxKernelsException e) {
                        if (e.status() != -12) {
                            return e;
                        }
                    }
                }
            });
            boolean busySeen = false;
            while (!busySeen && !worker.isDone()) {
                try {
                    s.solve(OVER);
                } catch (EdaxKernelsException e) {
                    busySeen = e.status() == -12;
                }
            }
            while (!worker.isDone()) {
                s.stop();
                Thread.onSpinWait();
            }
            Object outcome = worker.get();
            eq(busySeen, true, "a second solve refused while the first ran");
            eq(outcome instanceof EdaxKernelsException ? ((EdaxKernelsException) outcome).status() : outcome, -11,
                    "the stopped solve's outcome");
            // The solver works again; the node limit stops a solve too.
            s.setNodeLimit(10_000);
            eq(s.nodeLimit(), 10_000L, "node limit");
            expectStatus(() -> s.solve(Board.START), -11, "solve beyond the node limit");
            s.setNodeLimit(0);
            s.clear();
            Problem first = fforum("fforum-1-19.txt").get(0);
            eq(s.solve(first.board()).score(), first.best(), "a solve after the stops");
        }
    }

    static void solverThreads() throws Exception {
        // An fforum-20-39 problem with 18 empty squares: a solve spread over the threads (16+).
        Problem pb = fforum("fforum-20-39.txt").stream().filter(p -> p.empties() == 18).findFirst().orElseThrow();
        int one;
        try (Solver s = new Solver(20)) {
            eq(s.getThreads(), 1, "the default thread count");
            one = s.solve(pb.board()).score();
        }
        Solver s = new Solver(20);
        s.setThreads(2);
        eq(s.getThreads(), 2, "threads read back");
        Solver.Result r = s.solve(pb.board());
        eq(r.score(), pb.best(), "the score with 2 threads");
        eq(r.score(), one, "the score with 2 threads against 1 thread");
        eq(pb.moves().get(r.bestMove()), pb.best(), "move " + r.bestMove() + " with 2 threads");
        eq(s.solveBatch(new long[] {pb.board().player}, new long[] {pb.board().opponent})[0], pb.best(),
                "a batch with 2 threads");
        for (int bad : new int[] {0, 257, -1}) {
            expectStatus(() -> s.setThreads(bad), -2, "threads " + bad);
            eq(s.getThreads(), 2, "threads kept after " + bad);
        }
        s.setThreads(256);
        eq(s.getThreads(), 256, "the most threads");
        s.setThreads(1);
        eq(s.getThreads(), 1, "back to one thread");
        s.close();
        throwsA(IllegalStateException.class, () -> s.setThreads(2), "set threads after close");
        throwsA(IllegalStateException.class, s::getThreads, "get threads after close");
    }

    static void solverEval() throws Exception {
        // An fforum-20-39 problem with 18 empty squares: the weights order its nodes of 16+.
        Problem pb = fforum("fforum-20-39.txt").stream().filter(p -> p.empties() == 18).findFirst().orElseThrow();
        Kernels.evalUnload();
        Solver.Result fast;
        try (Solver s = new Solver(20)) {
            // No weights loaded: refused, the setting kept.
            eq(s.getEval(), false, "the default ordering");
            expectStatus(() -> s.setEval(true), -9, "eval without weights");
            eq(s.getEval(), false, "eval kept off without weights");
            s.setEval(false);
            eq(s.getEval(), false, "eval set off without weights");
            fast = s.solve(pb.board());
        }
        Kernels.evalLoadFile(evalDat());
        Solver s = new Solver(20);
        s.setEval(true);
        eq(s.getEval(), true, "eval read back");
        Solver.Result r = s.solve(pb.board());
        eq(r.score(), pb.best(), "the score with eval");
        eq(r.score(), fast.score(), "the score with eval against without");
        eq(pb.moves().get(r.bestMove()), pb.best(), "move " + r.bestMove() + " with eval");
        // The weights ordered the search: another tree than the fast order's.
        eq(r.nodes() != fast.nodes(), true, "nodes with eval (" + r.nodes() + ") differ from without");
        eq(s.solveBatch(new long[] {pb.board().player}, new long[] {pb.board().opponent})[0], pb.best(),
                "a batch with eval");
        s.setEval(false);
        eq(s.getEval(), false, "eval set off");
        s.clear();
        eq(s.solve(pb.board()).score(), pb.best(), "the score with eval set off");
        s.close();
        throwsA(IllegalStateException.class, () -> s.setEval(true), "set eval after close");
        throwsA(IllegalStateException.class, s::getEval, "get eval after close");
    }

    static void solveShallow() throws Exception {
        for (String[] r : records("shallow.txt")) {
            Kernels.Shallow got = Kernels.solveShallow(new Board(hex(r[0]), hex(r[1])), dec(r[2]));
            eq(got, new Kernels.Shallow(dec(r[3]), Long.parseLong(r[4])), "shallow " + String.join(" ", r));
        }
    }

    static void solverErrors() throws Exception {
        for (int bits : new int[] {0, 33, -1}) {
            expectStatus(() -> new Solver(bits), -2, "hash bits " + bits);
        }
        Solver s = new Solver(8);
        int[][] windows = {{0, 0}, {1, 0}, {-65, 64}, {-64, 65}};
        for (int[] w : windows) {
            expectStatus(() -> s.solve(Board.START, w[0], w[1]), -2, "window " + w[0] + ", " + w[1]);
        }
        expectStatus(() -> s.solve(new Board(1, 1)), -2, "overlap");
        int[] scores = {7, 7};
        expectStatus(() -> s.solveBatch(new long[] {OVER.player, 1}, new long[] {OVER.opponent, 1}, scores, null), -2,
                "batch with an overlap");
        eq(scores[0] + " " + scores[1], "0 7", "the positions before the overlap written, not the rest");
        throwsA(IllegalArgumentException.class, () -> s.solveBatch(new long[2], new long[1]), "lengths");
        throwsA(NullPointerException.class, () -> s.solveBatch(null, new long[1]), "null array");
        expectStatus(() -> Kernels.solveShallow(Board.START, 0), -2, "shallow with 60 empty squares");
        Solver.Result r = s.solve(OVER, -1, 1);
        eq(r.score() + " " + r.bestMove(), "0 " + Kernels.NOMOVE, "a finished game");
        s.close();
        s.close();
        s.stop();
        throwsA(IllegalStateException.class, () -> s.solve(Board.START), "solve after close");
        throwsA(IllegalStateException.class, s::clear, "clear after close");
    }

    /** Cargo.toml's [workspace.package] version: its first "version = " line. */
    static String cargoVersion() throws IOException {
        Path cargo = golden.resolve("../../../Cargo.toml").normalize();
        for (String line : Files.readAllLines(cargo)) {
            if (line.startsWith("version = \"")) {
                return line.substring(11, line.indexOf('"', 11));
            }
        }
        throw new AssertionError("no version in " + cargo);
    }

    /** Whether the binding comes with its libraries (from the jar), rather than classes alone. */
    static boolean packed() {
        return Library.class.getResource("native/linux-x86_64/" + Library.FILE_NAME) != null;
    }

    static void version() throws IOException {
        String want = cargoVersion();
        eq(Library.class.getPackage().getImplementationVersion(), want, "jar manifest's Implementation-Version");
        eq(Kernels.version(), want, "library version");
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: KernelsTest GOLDEN_DIR LIBRARY_PATH|-");
            System.exit(2);
        }
        golden = Path.of(args[0]);
        run("a missing library is reported with the ways to find it", () -> {
            try {
                Library.load("/nonexistent/libedax_kernels.so");
                throw new AssertionError("no error");
            } catch (EdaxKernelsException e) {
                if (!e.getMessage().contains("/nonexistent/libedax_kernels.so") || !e.getMessage().contains(Library.ENV_VAR)) {
                    throw new AssertionError("unclear message: " + e.getMessage());
                }
            }
        });
        if (!args[1].equals("-")) {
            run("loading from an explicit path", () -> {
                Library.load(args[1]);
                eq(Library.loadedFrom(), args[1], "loaded from");
            });
        } else {
            run("loading the default way", () -> {
                eq(Kernels.version().isEmpty(), false, "version");
                String env = System.getenv(Library.ENV_VAR);
                if (env != null && !env.isEmpty()) {
                    eq(Library.loadedFrom(), env, "loaded from");
                } else if (!packed()) {
                    eq(Library.loadedFrom(), Library.FILE_NAME, "loaded from (no library in the class path)");
                } else {
                    Path from = Path.of(Library.loadedFrom());
                    String xdg = System.getenv("XDG_CACHE_HOME");
                    String cache = System.getProperty(Library.CACHE_PROPERTY, xdg == null ? null : xdg + "/edax-kernels");
                    eq(from.getFileName().toString(), Library.FILE_NAME, "file loaded");
                    eq(Files.isRegularFile(from), true, "extracted library exists");
                    eq(cache == null || from.startsWith(Path.of(cache).toAbsolutePath()), true,
                            "extracted under " + cache + ": " + from);
                }
            });
        }
        if (packed()) {
            run("the jar carries Cargo.toml's version", KernelsTest::version);
        }
        run("flip (every level, single and batch)", KernelsTest::flip);
        run("board_next (single and batch, in place)", KernelsTest::boardNext);
        run("moves and mobility (every level, single and batch)", KernelsTest::moves);
        run("stability (every level, single and batch)", KernelsTest::stability);
        run("count_last_flip (every level, single and batch)", KernelsTest::lastFlip);
        run("hash (single and batch)", KernelsTest::hash);
        run("symmetry and unique", KernelsTest::symmetryAndUnique);
        run("perft 6..8 (ek_perft and walked with batch calls)", KernelsTest::perft);
        run("errors and edge cases", KernelsTest::errors);
        run("evaluation: eval.txt replayed (every level, file and bytes)", KernelsTest::evalReplay);
        run("evaluation: bad loads, bad arguments, unload", KernelsTest::evalErrors);
        run("solver: fforum-1-19 to the published scores", KernelsTest::solverFforum);
        run("solver: a batch equals single solves", KernelsTest::solverBatch);
        run("solver: stopped from another thread, busy, node limit", KernelsTest::solverStop);
        run("solver: threads (2 against 1, refused counts)", KernelsTest::solverThreads);
        run("solver: eval ordering (refused without weights, the same scores)", KernelsTest::solverEval);
        run("solver: bad arguments, close", KernelsTest::solverErrors);
        run("solve_shallow: shallow.txt", KernelsTest::solveShallow);
        System.out.println("level " + Kernels.isa());
        System.out.println("java: " + passed + " passed, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }
}
