// Tests of the Java binding: known answers from Edax 4.6 (tests/data/golden), single and batch
// calls, on every level this CPU has (the library's levels checked against those the CPU's flags
// allow: EDAX_KERNELS_EXPECTED_LEVELS, which bindings/test.sh sets to what scripts/cpu-levels.sh
// prints, else that script run here); perft 6..8 both through ek_perft and walked here with the
// batch calls; the evaluation (eval.txt replayed with the synthetic eval.dat named by the
// environment variable EK_EVAL_DAT); the solver (tests/data/fforum-1-19 to the published
// scores, batch against single solves, a solve stopped from another thread, the node limit,
// the threads, the evaluation ordering; solveMany on windows, with overlaps, stops and bad
// arguments) and Edax's leaf search (shallow.txt); the library's own weights; Game (random games
// checked against the kernels, Edax's board text and .obf lines, bad input refused); the engine
// (a game against itself, limits, stop, bad arguments); the opening book (Edax's edax.dat:
// queries, files byte for byte, Engine.play); loading and error reporting. Nothing here
// times the machine (bindings/bench.sh and bench/Bench.java do).
//
// Usage: java -cp JAR:TEST_CLASSES KernelsTest GOLDEN_DIR LIBRARY_PATH, or LIBRARY_PATH "-" to
// load the default way (EDAX_KERNELS_LIB, else the jar's copy, extracted to the directory of
// -Dedaxkernels.cache or $XDG_CACHE_HOME when set; with the classes alone on the class path,
// the system search path). The jar must carry Cargo.toml's version (GOLDEN_DIR/../../..).

import edaxkernels.Board;
import edaxkernels.Book;
import edaxkernels.EdaxKernelsException;
import edaxkernels.Engine;
import edaxkernels.Eval;
import edaxkernels.Game;
import edaxkernels.Kernels;
import edaxkernels.Weights;
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

    static final String[] ALL_LEVELS = {"portable", "sse2", "avx2", "avx512", "neon"};

    /**
     * The levels the CPU's flags allow, lowest first: EDAX_KERNELS_EXPECTED_LEVELS when set
     * (bindings/test.sh passes scripts/cpu-levels.sh's output), else the output of
     * scripts/cpu-levels.sh (GOLDEN_DIR/../../..) run here when it and /proc/cpuinfo are there;
     * null when neither.
     */
    static String expectedLevels() throws IOException, InterruptedException {
        String given = System.getenv("EDAX_KERNELS_EXPECTED_LEVELS");
        if (given != null && !given.isBlank()) {
            return String.join(" ", given.trim().split("\\s+"));
        }
        Path script = golden.resolve("../../../scripts/cpu-levels.sh").normalize();
        if (!Files.isRegularFile(script) || !Files.exists(Path.of("/proc/cpuinfo"))) {
            return null;
        }
        Process p = new ProcessBuilder("bash", script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(script + " failed (exit status " + p.exitValue() + ")");
        }
        return String.join(" ", out.trim().split("\\s+"));
    }

    /**
     * The library's levels (Kernels.isaSupported) are those the CPU's flags allow, as
     * tests/golden.rs checks for Rust: the levels onEveryLevel leaves out are the CPU's to lack.
     */
    static void levels(String expected) {
        List<String> have = new ArrayList<>();
        for (String isa : ALL_LEVELS) {
            if (Kernels.isaSupported(isa)) {
                have.add(isa);
            }
        }
        System.out.println("     levels run: " + String.join(" ", have) + "; the CPU's flags allow: " + expected);
        eq(String.join(" ", have), expected, "the library's levels against those the CPU's flags allow (scripts/cpu-levels.sh)");
    }

    static void onEveryLevel(LevelTest t) throws Exception {
        String best = Kernels.isa();
        try {
            for (String isa : ALL_LEVELS) {
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

    static Path bookDir() {
        return golden.resolve("../book/depth10").normalize();
    }

    static int sq(String name) {
        return (name.charAt(1) - '1') * 8 + (Character.toLowerCase(name.charAt(0)) - 'a');
    }

    static Board after(String... moves) {
        Board b = Board.START;
        for (String m : moves) {
            b = Kernels.next(b, sq(m));
        }
        return b;
    }

    static String show(Book.Move[] moves) {
        return java.util.Arrays.stream(moves).map(Book.Move::toString).collect(java.util.stream.Collectors.joining(" "));
    }

    static void expectMessage(Test t, int status, String part, String what) throws Exception {
        try {
            t.run();
        } catch (EdaxKernelsException e) {
            eq(e.status(), status, what + " status");
            if (!e.getMessage().startsWith("edax_kernels: ") || !e.getMessage().contains(part)) {
                throw new AssertionError(what + ": message " + e.getMessage() + ", want " + part);
            }
            return;
        }
        throw new AssertionError(what + ": no EdaxKernelsException");
    }

    static final String START_MOVES = sq("d3") + ":11 " + sq("c4") + ":11 " + sq("f5") + ":11 " + sq("e6") + ":11";

    // tests/data/book/depth10/edax.dat, made by Edax 4.6 (scripts/golden/): the start as Edax's own `book
    // show` prints it (tests/data/book/depth10/show.txt: "Level: 2|Best score: +11 [+9, +13]|Moves: [D3:+11]
    // [C4:+11] [F5:+11] [E6:+11]"), random moves and lines, export and import, merge, negamax.
    static void bookQueries() throws Exception {
        try (Book book = Book.load(bookDir().resolve("edax.dat").toString())) {
            eq(book.size(), 3837L, "positions (info.txt: Positions: 3837)");
            eq(show(book.moves(Board.START)), START_MOVES, "the start's moves");
            Book.Entry e = book.probe(Board.START);
            eq(List.of(e.value(), e.lower(), e.upper(), e.level(), e.links()), List.of(11, 9, 13, 2, 4), "the start's entry");
            eq(show(book.moves(after("d3"))), sq("c3") + ":-11 " + sq("c5") + ":-11 " + sq("e3") + ":-15", "after d3 (show.txt)");
            Board outside = new Board(Board.START.player | 1, Board.START.opponent);
            eq(book.probe(outside), null, "a board not in the book");
            eq(book.moves(outside).length, 0, "its moves");
            eq(book.randomMove(outside, 0), null, "its random move");
            eq(java.util.Arrays.toString(book.gameStats(outside)), "[0, 0, 0, 0]", "its statistics");
            java.util.Set<Integer> picks = new java.util.HashSet<>();
            for (long seed = 0; seed < 16; seed++) {
                book.seed(seed);
                Book.Move m = book.randomMove(Board.START, 0);
                book.seed(seed);
                eq(book.randomMove(Board.START, 0), m, "the same seed, the same move");
                if (!List.of(START_MOVES.split(" ")).contains(m.toString())) {
                    throw new AssertionError("not a best book move: " + m);
                }
                picks.add(m.move());
            }
            if (picks.size() < 2) {
                throw new AssertionError("the generator always picks " + picks);
            }
            int[] line = book.line(Board.START, sq("d3"));
            eq(line[0], sq("d3"), "the line's first move");
            if (line.length < 2) {
                throw new AssertionError("a line of one move");
            }
            Board b = Board.START;
            for (int x : line) {
                if ((Kernels.getMoves(b.player, b.opponent) >>> x & 1) == 0) {
                    throw new AssertionError("an illegal line move " + x);
                }
                b = Kernels.next(b, x);
            }
            eq(java.util.Arrays.toString(book.gameStats(Board.START)),
                    java.util.Arrays.toString(new long[] {e.wins(), e.draws(), e.losses(), e.lines()}), "the start's statistics");
            if (!book.info().contains("Positions: 3837")) {
                throw new AssertionError("info: " + book.info());
            }
            Path tmp = Files.createTempDirectory("ek-book");
            try {
                Path txt = tmp.resolve("book.txt");
                book.export(txt.toString());
                eq(Files.readString(txt), Files.readString(bookDir().resolve("edax.txt")), "the export (edax.txt, Edax's)");
                try (Book imported = Book.importText(txt.toString())) {
                    eq(imported.size(), book.size(), "the import's positions");
                    eq(show(imported.moves(Board.START)), START_MOVES, "the import's start");
                }
                Files.writeString(tmp.resolve("bad.txt"), "not a board\n");
                expectMessage(() -> Book.importText(tmp.resolve("bad.txt").toString()), -13, "bad.txt: byte 0: line 1", "a bad export line");
            } finally {
                for (Path f : List.of(tmp.resolve("book.txt"), tmp.resolve("bad.txt"), tmp)) {
                    Files.deleteIfExists(f);
                }
            }
            try (Book merged = new Book(2, 50)) {
                eq(merged.size(), 0L, "a new book");
                merged.merge(book);
                eq(merged.size(), book.size(), "merged positions");
                // Edax's merge copies leaves and levels only: d3e3f6's leaf is c5 at +14 (show.txt).
                Book.Entry m = merged.probe(after("d3", "e3", "f6"));
                eq(List.of(m.links(), m.leafMove(), m.leafScore(), m.level()), List.of(0, sq("c5"), 14, 2), "a merged leaf");
                merged.negamax();
            }
            book.negamax();
            eq(show(book.moves(Board.START)), START_MOVES, "negamax of Edax's negamaxed book");
        }
    }

    // Saved with the date stored in its header (bytes 10..16), or its own, the file comes back
    // byte for byte; a damaged copy is refused with its byte offset.
    static void bookFiles() throws Exception {
        Path file = bookDir().resolve("edax.dat");
        byte[] data = Files.readAllBytes(file);
        Path tmp = Files.createTempDirectory("ek-book");
        List<Path> made = new ArrayList<>();
        try {
            try (Book book = Book.load(file.toString())) {
                int year = (data[10] & 0xff) | data[11] << 8;
                Path dated = tmp.resolve("dated.dat"), own = tmp.resolve("own.dat"), later = tmp.resolve("later.dat");
                made.addAll(List.of(dated, own, later));
                book.save(dated.toString(), year, data[12], data[13], data[14], data[15], data[16]);
                eq(java.util.Arrays.equals(Files.readAllBytes(dated), data), true, "saved with the file's date: the same bytes");
                book.save(own.toString());
                eq(java.util.Arrays.equals(Files.readAllBytes(own), data), true, "saved with its own date: the same bytes");
                book.save(later.toString(), 2030, 12, 31, 23, 59, 58);
                byte[] l = Files.readAllBytes(later);
                eq(((l[10] & 0xff) | l[11] << 8) + "-" + l[12] + "-" + l[16], "2030-12-58", "another date");
                eq(java.util.Arrays.equals(l, 18, l.length, data, 18, data.length), true, "another date: the rest the same");
                expectStatus(() -> book.save(tmp.resolve("bad.dat").toString(), 2030, 256, 1, 0, 0, 0), -2, "month 256");
            }
            Path cut = tmp.resolve("cut.dat"), shortFile = tmp.resolve("short.dat");
            made.addAll(List.of(cut, shortFile));
            Files.write(cut, java.util.Arrays.copyOf(data, 72));
            expectMessage(() -> Book.load(cut.toString()), -13, "cut.dat: byte 72: truncated position record (starts at byte 42",
                    "a truncated record");
            Files.write(shortFile, java.util.Arrays.copyOf(data, 20));
            expectMessage(() -> Book.load(shortFile.toString()), -13, "short.dat: byte 20: truncated header", "a truncated header");
            expectMessage(() -> Book.load(tmp.resolve("missing.dat").toString()), -6, "missing.dat", "a missing file");
        } finally {
            for (Path f : made) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(tmp);
        }
    }

    // Engine.play from the start: with the book, a book move (as randomMove picks it on the same
    // seed); without it, or with useBook false, the search.
    static void bookPlay() throws Exception {
        List<Integer> starts = List.of(sq("d3"), sq("c4"), sq("f5"), sq("e6"));
        try (Book book = Book.load(bookDir().resolve("edax.dat").toString()); Engine engine = new Engine(null, 16)) {
            Engine.PlayResult r = engine.play(Board.START, 2, book, 0);
            if (!r.fromBook() || !starts.contains(r.result().bestMove()) || r.result().score() != 11) {
                throw new AssertionError("with the book: " + r);
            }
            eq(List.of(r.result().depth(), r.result().nodes(), r.result().pv()[0]), List.of(0, 0L, r.result().bestMove()),
                    "a book move's result");
            for (int randomness : new int[] {0, 4}) {
                book.seed(7);
                int m = book.randomMove(Board.START, randomness).move();
                book.seed(7);
                eq(engine.play(Board.START, 2, book, randomness).result().bestMove(), m, "the book's choice, randomness " + randomness);
            }
            Engine.PlayResult searched = engine.play(Board.START, 2, null, 0);
            if (searched.fromBook() || searched.result().nodes() == 0 || searched.result().depth() != 2) {
                throw new AssertionError("without the book: " + searched);
            }
            try (Engine fresh = new Engine(null, 16)) {
                eq(searched.result().bestMove(), fresh.search(Board.START, 2).bestMove(), "without the book: the search's move");
            }
            eq(engine.play(Board.START, 2, book, 0, false, -1, -1, 0, 0).fromBook(), false, "useBook false");
            eq(engine.play(new Board(Board.START.player | 1, Board.START.opponent), 2, book, 0).fromBook(), false,
                    "a board not in the book");
            expectStatus(() -> engine.play(Board.START, 99, book, 0), -2, "level 99 (checked even from the book)");
            Book closed = Book.load(bookDir().resolve("edax.dat").toString());
            closed.close();
            throwsA(IllegalStateException.class, () -> engine.play(Board.START, 2, closed, 0), "a closed book");
            throwsA(IllegalStateException.class, closed::size, "a closed book's size");
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

    static void evalDefault() throws Exception {
        // The weights the library carries: loaded without a file, then used by an Eval and by a
        // solver's move ordering.
        Problem pb = fforum("fforum-20-39.txt").stream().filter(p -> p.empties() == 18).findFirst().orElseThrow();
        Kernels.evalUnload();
        eq(Kernels.evalLoaded(), false, "no weights before");
        Kernels.evalLoadDefault();
        eq(Kernels.evalLoaded(), true, "weights loaded");
        try (Eval e = new Eval(pb.board())) {
            e.accumulate();
        }
        Kernels.evalLoadDefault();
        eq(Kernels.evalLoaded(), true, "weights loaded again");
        try (Solver s = new Solver(20)) {
            s.setEval(true);
            eq(s.getEval(), true, "eval ordering with the default weights");
            Solver.Result r = s.solve(pb.board());
            eq(r.score(), pb.best(), "the score with the default weights");
            eq(pb.moves().get(r.bestMove()), pb.best(), "move " + r.bestMove() + " with the default weights");
        }
    }

    static final int[][] WINDOWS = {{-64, 64}, {-1, 1}, {-3, 3}};

    /**
     * Whether score, found on the window (alpha, beta), agrees with the exact score: equal inside
     * the window, else a fail-soft bound on the side the exact score falls.
     */
    static boolean agrees(int score, int exact, int alpha, int beta) {
        if (exact <= alpha) {
            return score <= alpha && score >= exact;
        }
        if (exact >= beta) {
            return score >= beta && score <= exact;
        }
        return score == exact;
    }

    static void solveManyWindows() throws Exception {
        List<Problem> problems = fforum("fforum-1-19.txt").subList(0, 5);
        long[] ps = problems.stream().mapToLong(p -> p.board().player).toArray();
        long[] os = problems.stream().mapToLong(p -> p.board().opponent).toArray();
        for (int[] w : WINDOWS) {
            // Two solvers given the same positions in the same order: their tables evolve alike.
            try (Solver many = new Solver(20); Solver single = new Solver(20)) {
                Solver.ManyResult r = w[0] == -64 && w[1] == 64 ? many.solveMany(ps, os) : many.solveMany(ps, os, w[0], w[1]);
                String at = "window (" + w[0] + ", " + w[1] + ")";
                eq(r.status(), Solver.Status.SOLVED, at + " status");
                eq(r.allSolved(), true, at + " all solved");
                eq(r.size() + " " + r.alpha() + " " + r.beta(), ps.length + " " + w[0] + " " + w[1], at + " size and window");
                for (int i = 0; i < ps.length; i++) {
                    Solver.Result one = single.solve(problems.get(i).board(), w[0], w[1]);
                    String pos = at + " #" + (i + 1);
                    eq(r.statuses()[i], Solver.Status.SOLVED, pos + " status");
                    eq(r.scores()[i], one.score(), pos + " score");
                    eq(r.bestMoves()[i], one.bestMove(), pos + " best move");
                    eq(r.nodes()[i], one.nodes(), pos + " nodes");
                    eq(agrees(r.scores()[i], problems.get(i).best(), w[0], w[1]), true,
                            pos + " score " + r.scores()[i] + " against " + problems.get(i).best());
                }
            }
        }
        // With 2 threads, each solving whole positions: the same scores.
        try (Solver s = new Solver(20)) {
            s.setThreads(2);
            Solver.ManyResult r = s.solveMany(ps, os);
            eq(r.allSolved(), true, "all solved with 2 threads");
            eq(java.util.Arrays.toString(r.scores()), java.util.Arrays.toString(problems.stream().mapToInt(Problem::best).toArray()),
                    "the scores with 2 threads");
        }
    }

    static String statuses(Solver.ManyResult r) {
        return java.util.Arrays.stream(r.statuses()).map(Enum::name).collect(java.util.stream.Collectors.joining(" "));
    }

    static void solveManyPartial() throws Exception {
        List<Problem> problems = fforum("fforum-1-19.txt");
        Board a = problems.get(0).board(), b = problems.get(1).board();
        try (Solver s = new Solver(20)) {
            // An overlapping position in the middle: reported, the others solved.
            Solver.ManyResult r = s.solveMany(new long[] {a.player, 3, b.player}, new long[] {a.opponent, 1, b.opponent}, -1, 1);
            eq(r.status(), Solver.Status.OVERLAPPING, "the call's status with an overlap");
            eq(statuses(r), "SOLVED OVERLAPPING SOLVED", "statuses with an overlap");
            eq(r.scores()[1] + " " + r.bestMoves()[1] + " " + r.nodes()[1], Kernels.SCORE_NONE + " " + Kernels.NOMOVE + " 0",
                    "the overlapping position");
            eq(agrees(r.scores()[0], problems.get(0).best(), -1, 1) && agrees(r.scores()[2], problems.get(1).best(), -1, 1),
                    true, "the others' scores");
            eq(r.nodes()[0] > 0 && r.nodes()[2] > 0, true, "the others' nodes");
            // A node limit stops the call on a slow position: it and the rest reported stopped
            // (an overlapping one too: not reached), the finished game before it solved.
            Board slow = fforum("fforum-20-39.txt").stream().filter(p -> p.empties() == 24).findFirst().orElseThrow().board();
            s.setNodeLimit(10_000);
            r = s.solveMany(new long[] {OVER.player, slow.player, a.player, 1}, new long[] {OVER.opponent, slow.opponent, a.opponent, 1});
            eq(r.status(), Solver.Status.STOPPED, "the call's status beyond the node limit");
            eq(statuses(r), "SOLVED STOPPED STOPPED STOPPED", "statuses beyond the node limit");
            eq(r.scores()[0] + " " + r.bestMoves()[0], "0 " + Kernels.NOMOVE, "the finished game");
            for (int i = 1; i < 4; i++) {
                eq(r.scores()[i] + " " + r.bestMoves()[i] + " " + r.nodes()[i], Kernels.SCORE_NONE + " " + Kernels.NOMOVE + " 0",
                        "stopped position " + i);
            }
            s.setNodeLimit(0);
            eq(s.solveMany(new long[] {a.player}, new long[] {a.opponent}).scores()[0], problems.get(0).best(),
                    "solved after the limit is lifted");
        }
    }

    static void solveManyStopBusy() throws Exception {
        Board slow = fforum("fforum-20-39.txt").stream().filter(p -> p.empties() == 24).findFirst().orElseThrow().board();
        try (Solver s = new Solver(20)) {
            // The probe below may hold the solver for a moment: the worker retries until it runs.
            CompletableFuture<Object> worker = CompletableFuture.supplyAsync(() -> {
                while (true) {
                    try {
                        return s.solveMany(new long[] {slow.player, OVER.player}, new long[] {slow.opponent, OVER.opponent});
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
                    s.solveMany(new long[] {OVER.player}, new long[] {OVER.opponent});
                } catch (EdaxKernelsException e) {
                    busySeen = e.status() == -12;
                }
            }
            while (!worker.isDone()) {
                s.stop();
                Thread.onSpinWait();
            }
            Object outcome = worker.get();
            eq(busySeen, true, "solveMany refused (EK_ERR_BUSY) while another solve ran");
            eq(outcome instanceof Solver.ManyResult ? ((Solver.ManyResult) outcome).status() : outcome, Solver.Status.STOPPED,
                    "the stopped call's status");
            eq(statuses((Solver.ManyResult) outcome), "STOPPED STOPPED", "the positions of the stopped call");
        }
    }

    static void solveManyErrors() throws Exception {
        Solver s = new Solver(8);
        int[][] windows = {{0, 0}, {1, 0}, {-65, 64}, {-64, 65}};
        for (int[] w : windows) {
            expectStatus(() -> s.solveMany(new long[] {OVER.player}, new long[] {OVER.opponent}, w[0], w[1]), -2,
                    "window " + w[0] + ", " + w[1]);
        }
        throwsA(NullPointerException.class, () -> s.solveMany(null, new long[1]), "null players");
        throwsA(NullPointerException.class, () -> s.solveMany(new long[1], null), "null opponents");
        throwsA(IllegalArgumentException.class, () -> s.solveMany(new long[2], new long[1]), "lengths");
        Solver.ManyResult r = s.solveMany(new long[0], new long[0], -1, 1);
        eq(r.size() + " " + r.status(), "0 SOLVED", "no positions");
        s.close();
        throwsA(IllegalStateException.class, () -> s.solveMany(new long[] {OVER.player}, new long[] {OVER.opponent}),
                "solveMany after close");
    }

    static String bits(long b) {
        return String.format("%016x", b);
    }

    /** A position and its side to move, as a string to compare. */
    static String at(Game g) {
        return bits(g.player()) + " " + bits(g.opponent()) + " " + g.blackToMove();
    }

    /**
     * Plays a random game from the start to its end with rng, checking every position against
     * the kernels, then takes it back to the start; returns the passes played.
     */
    static int checkedRandomGame(java.util.random.RandomGenerator rng, Solver solver) throws Exception {
        Game g = new Game();
        List<String> seen = new ArrayList<>();
        int passes = 0;
        while (true) {
            long p = g.player(), o = g.opponent(), moves = Kernels.getMoves(p, o);
            boolean black = g.blackToMove(), over = moves == 0 && !Kernels.canMove(o, p);
            String at = "ply " + g.ply() + " (" + g.toText() + ")";
            eq(p & o, 0L, at + " overlap");
            eq(g.legalMoves(), moves, at + " legal moves");
            long fromSquares = 0;
            for (int x : g.moves()) {
                fromSquares |= 1L << x;
            }
            eq(fromSquares, moves, at + " moves as squares");
            eq(g.moves().length, Kernels.getMobility(p, o), at + " mobility");
            eq(g.blackDiscs() + " " + g.whiteDiscs(), Kernels.bitCount(black ? p : o) + " " + Kernels.bitCount(black ? o : p),
                    at + " discs");
            eq(g.blackDiscs() + g.whiteDiscs(), 64 - g.empties(), at + " discs and empties");
            eq(g.empties(), 64 - Kernels.bitCount(p | o), at + " empties");
            eq(g.isOver(), over, at + " over");
            eq(g.mustPass(), moves == 0 && !over, at + " must pass");
            eq(g.board(), new Board(p, o), at + " board");
            seen.add(at(g));
            int ply = g.ply(), x = g.playRandom(rng);
            if (over) {
                eq(x, Kernels.NOMOVE, at + " random move at the end");
                eq(g.ply(), ply, at + " nothing played at the end");
                break;
            }
            eq(g.ply(), ply + 1, at + " ply after a move");
            eq(g.blackToMove(), !black, at + " side after a move");
            if (moves == 0) {
                eq(x, Kernels.PASS, at + " a pass when there is no move");
                eq(g.board(), new Board(o, p), at + " position after a pass");
                passes++;
            } else {
                eq(x >= 0 && x < 64 && (moves >>> x & 1) == 1, true, at + " move " + x + " legal");
                eq(g.board(), Kernels.next(new Board(p, o), x), at + " position after " + x);
            }
        }
        // The final score, the solver's (for the side to move, empty squares to the winner) for black.
        Solver.Result end = solver.solve(g.board());
        int score = g.blackToMove() ? end.score() : -end.score();
        eq(g.score(), java.util.OptionalInt.of(score), "final score");
        eq(g.winner(), score > 0 ? Game.Winner.BLACK : score < 0 ? Game.Winner.WHITE : Game.Winner.DRAW, "winner");
        eq(g.ply(), seen.size() - 1, "plies played");
        for (int i = seen.size() - 1; i > 0; i--) {
            g.undo();
            eq(at(g), seen.get(i - 1), "undo to ply " + (i - 1));
            eq(g.ply(), i - 1, "ply after undo");
            eq(g.legalMoves(), Kernels.getMoves(g.player(), g.opponent()), "legal moves after undo to ply " + (i - 1));
        }
        eq(g.board(), Board.START, "back at the start");
        throwsA(IllegalStateException.class, g::undo, "undo at the start");
        return passes;
    }

    static void gameRandom() throws Exception {
        int passes = 0;
        try (Solver solver = new Solver(12)) {
            for (int seed = 1; seed <= 100; seed++) {
                passes += checkedRandomGame(new java.util.Random(seed), solver);
            }
        }
        eq(passes > 0, true, "passes played in 100 random games");
    }

    // The first line of Edax's problem/fforum-1-19.obf (FFO #1), as Edax 4.6 ships it: the moves
    // scored are all the legal ones. (A copy of this line scoring A2:+0; A3:-10; B1:-12; A4:-16;
    // A6:-18; B7:-30 instead circulates: there A6 flips nothing, B7 is occupied, and the legal
    // G2 is missing.)
    static final String OBF1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";

    static int squareOf(String name) {
        return Character.toUpperCase(name.charAt(0)) - 'A' + 8 * (name.charAt(1) - '1');
    }

    static void gameKnown() throws Exception {
        Game g = Game.fromObf(OBF1);
        // The moves the line scores: exactly the legal ones.
        Map<Integer, Integer> scored = new HashMap<>();
        String[] parts = OBF1.split(";");
        for (int i = 1; i < parts.length; i++) {
            String[] m = parts[i].trim().split(":");
            scored.put(squareOf(m[0]), Integer.parseInt(m[1]));
        }
        long named = 0, listed = 0;
        for (String m : new String[] {"G8", "H1", "H7", "A2", "A3", "B1", "A4", "G2"}) {
            named |= 1L << squareOf(m);
        }
        for (int x : scored.keySet()) {
            listed |= 1L << x;
        }
        eq(bits(listed), bits(named), "the line's moves");
        eq(bits(g.legalMoves()), bits(named), "legal moves of the first problem");
        expectMessage(IllegalArgumentException.class, () -> g.play(squareOf("A6")),
                "A6 (square 40) is not a legal move for black: it flips no disc", "A6");
        expectMessage(IllegalArgumentException.class, () -> g.play(squareOf("B7")),
                "B7 (square 49) is not a legal move for black: it is occupied", "B7");
        eq(g.blackToMove(), true, "black to move");
        eq(g.empties(), 14, "empties");
        eq(g.ply(), 0, "ply");
        eq(g.isOver() + " " + g.mustPass() + " " + g.winner() + " " + g.score(), "false false NONE OptionalInt.empty", "not over");
        eq(g.board(), fforum("fforum-1-19.txt").get(0).board(), "the same position as fforum #1");
        eq(g.toObf(), OBF1.substring(0, OBF1.indexOf(';') + 1), "toObf");
        try (Solver s = new Solver(20)) {
            Solver.Result r = s.solve(g.board());
            eq(r.score() + " " + r.bestMove(), "18 " + squareOf("G8"), "solved: G8:+18");
            // Each scored move: the score of the position it leads to, for black.
            for (Map.Entry<Integer, Integer> m : scored.entrySet()) {
                g.play(m.getKey());
                eq(-s.solve(g.board()).score(), m.getValue(), "the score of move " + m.getKey());
                g.undo();
            }
        }
        g.play(squareOf("G8"));
        eq(g.blackToMove() + " " + g.ply() + " " + g.empties(), "false 1 13", "after G8");
    }

    static void gameText() throws Exception {
        Game g = new Game();
        String start = "---------------------------OX------XO--------------------------- X";
        eq(g.toText(), start, "the start's text");
        eq(g.toObf(), start + ";", "the start's obf");
        eq(g.board(), Board.START, "the start");
        eq(g.ply() + " " + g.blackDiscs() + " " + g.whiteDiscs() + " " + g.empties(), "0 2 2 60", "the start's counts");
        eq(java.util.Arrays.toString(g.moves()), "[19, 26, 37, 44]", "the start's moves");
        java.util.Random rng = new java.util.Random(7);
        for (int i = 0; i < 30 && !g.isOver(); i++) {
            g.playRandom(rng);
            for (Game copy : new Game[] {Game.fromText(g.toText()), Game.fromObf(g.toObf()), Game.fromObf(g.toObf() + " D3:+2; C4:-4;"), g.copy()}) {
                eq(at(copy), at(g), "round trip at ply " + g.ply());
                eq(copy.toText(), g.toText(), "text round trip at ply " + g.ply());
            }
        }
        Game copied = g.copy();
        copied.undo();
        eq(g.ply() - 1, copied.ply(), "a copy goes its own way");
        // The other characters, whitespace anywhere, white to move.
        String rows = "........\n........\n........\n...ox...\n...*o...\n........\n........\n........\n  o";
        Game w = Game.fromText(rows);
        eq(w.blackToMove(), false, "white to move");
        eq(w.player() + " " + w.opponent(), ((1L << 27) | (1L << 36)) + " " + ((1L << 28) | (1L << 35)), "white's discs are the player's");
        eq(w.toText(), "---------------------------OX------XO--------------------------- O", "normalised text");
        eq(new Game(Board.START, false).toText(), "---------------------------XO------OX--------------------------- O", "a board, white to move");
        eq(new Game(Board.START.player, Board.START.opponent, true).toText(), start, "bitboards, black to move");
        eq(g.toString().contains(g.toText()), true, "toString shows the text");
    }

    static void expectMessage(Class<? extends Throwable> type, Test t, String part, String what) {
        try {
            t.run();
        } catch (Throwable e) {
            if (!type.isInstance(e)) {
                throw new AssertionError(what + ": threw " + e);
            }
            if (!String.valueOf(e.getMessage()).contains(part)) {
                throw new AssertionError(what + ": message without \"" + part + "\": " + e.getMessage());
            }
            return;
        }
        throw new AssertionError(what + ": no " + type.getSimpleName());
    }

    static void gameErrors() throws Exception {
        Game g = new Game();
        String before = g.toText();
        expectMessage(IllegalArgumentException.class, () -> g.play(0), "A1", "an empty square flipping nothing");
        expectMessage(IllegalArgumentException.class, () -> g.play(27), "D4", "an occupied square");
        expectMessage(IllegalArgumentException.class, () -> g.play(27), "(legal: D3 C4 F5 E6)", "the legal moves listed");
        expectMessage(IllegalArgumentException.class, () -> g.play(-1), "-1", "square -1");
        expectMessage(IllegalArgumentException.class, () -> g.play(64), "pass()", "square 64");
        expectMessage(IllegalArgumentException.class, () -> g.play(65), "65", "square 65");
        expectMessage(IllegalStateException.class, g::pass, "has a move", "a pass with moves");
        expectMessage(IllegalStateException.class, g::undo, "nothing to undo", "undo at the start");
        throwsA(NullPointerException.class, () -> g.randomMove(null), "null rng");
        throwsA(NullPointerException.class, () -> g.playRandom(null), "null rng");
        eq(g.toText() + " " + g.ply(), before + " 0", "the game unchanged by refused calls");
        expectMessage(IllegalArgumentException.class, () -> new Game(3, 1, true), "overlap", "overlapping bitboards");
        expectMessage(IllegalArgumentException.class, () -> new Game(new Board(1, 1), true), "A1", "overlapping board");
        String squares = "-".repeat(27) + "OX------XO" + "-".repeat(27);
        String[][] bad = {
            {squares.substring(1) + " X", "no side to move"}, // 63 squares: the side read as a square
            {squares.substring(2) + " X", "63 squares"},
            {squares + "- X", "after the 64 squares"}, // 65 squares: the 65th read as the side
            {squares + " X X", "after the side to move"},
            {squares + " X -", "after the side to move"},
            {squares + " B", "'B' after the 64 squares"},
            {squares, "no side to move"},
            {"", "0 squares"},
            {"#" + squares.substring(1) + " X", "'#' at square A1"},
            {squares.substring(0, 40) + "0" + squares.substring(41) + " O", "'0' at square A6"},
        };
        for (String[] t : bad) {
            expectMessage(IllegalArgumentException.class, () -> Game.fromText(t[0]), t[1], "text \"" + t[0] + "\"");
        }
        expectMessage(IllegalArgumentException.class, () -> Game.fromObf(squares + " X"), "no ';'", "obf without ';'");
        expectMessage(IllegalArgumentException.class, () -> Game.fromObf(squares + "; X"), "no side to move", "obf with ';' before the side");
        expectMessage(IllegalArgumentException.class, () -> Game.fromObf(squares + " Y; A1:+0;"), "'Y'", "obf with a bad side");
        throwsA(NullPointerException.class, () -> Game.fromText(null), "null text");
        throwsA(NullPointerException.class, () -> Game.fromObf(null), "null obf");
        throwsA(NullPointerException.class, () -> new Game(null, true), "null board");
    }

    static boolean legal(Board b, int move) {
        long moves = Kernels.getMoves(b.player, b.opponent), other = Kernels.getMoves(b.opponent, b.player);
        if (move >= 0 && move < 64) {
            return (moves >>> move & 1) == 1;
        }
        return moves == 0 && (move == Kernels.PASS ? other != 0 : move == Kernels.NOMOVE && other == 0);
    }

    /** The engine plays a game against itself on threads at level: legal moves, exact scores the solver's, the end. */
    static void engineGame(int threads, int level) throws Exception {
        Board b = Board.START;
        int exact = 0;
        try (Weights w = Weights.bundled(); Engine engine = new Engine(w, 16); Solver solver = new Solver(16)) {
            engine.setThreads(threads);
            eq(engine.getThreads(), threads, "threads");
            for (int ply = 0;; ply++) {
                if (ply > 130) {
                    throw new AssertionError("the game did not end");
                }
                Engine.Result r = engine.search(b, level);
                if (!legal(b, r.bestMove()) || !r.complete()) {
                    throw new AssertionError("ply " + ply + ": " + r);
                }
                int empties = 64 - Kernels.bitCount(b.player | b.opponent);
                if (r.exact() && empties <= 16) {
                    eq(r.score(), solver.solve(b).score(), "exact score at ply " + ply);
                    exact++;
                }
                if (r.bestMove() == Kernels.NOMOVE) {
                    break;
                }
                if (r.bestMove() == Kernels.PASS) {
                    b = new Board(b.opponent, b.player);
                } else {
                    eq(r.pv()[0], r.bestMove(), "the PV's first move");
                    b = Kernels.next(b, r.bestMove());
                }
            }
        }
        if (exact < 5) {
            throw new AssertionError("only " + exact + " exact scores checked");
        }
    }

    /** Node and time limits, stop from another thread, bad arguments, a closed engine. */
    static void engineLimits() throws Exception {
        Board middle = Kernels.next(Kernels.next(Board.START, 19), 18);
        Engine closed;
        try (Engine engine = new Engine(null, 16)) {
            closed = engine;
            Engine.Result r = engine.search(middle, 40, -1, -1, 5000, 0);
            if (r.complete() || r.exact() || !legal(middle, r.bestMove())) {
                throw new AssertionError("node limit: " + r);
            }
            r = engine.search(middle, 60, -1, -1, 0, 50);
            if (r.complete() || !legal(middle, r.bestMove())) {
                throw new AssertionError("time limit: " + r);
            }
            r = engine.search(middle, 0, 4, -1, 0, 0);
            eq(r.depth() * 10 + r.selectivity(), 45, "depth 4, no selectivity");
            Engine.Result[] stopped = new Engine.Result[1];
            Thread t = new Thread(() -> stopped[0] = engine.search(middle, 60));
            t.start();
            Thread.sleep(300);
            engine.stop();
            t.join(60000);
            if (t.isAlive() || stopped[0] == null || stopped[0].complete() || !legal(middle, stopped[0].bestMove())) {
                throw new AssertionError("stopped: " + stopped[0]);
            }
            eq(engine.bestMove(OVER, 10), Kernels.NOMOVE, "the end of a game");
            StringBuilder squares = new StringBuilder();
            for (Engine.MoveScore m : engine.analyze(Board.START, 4)) {
                squares.append(squares.length() > 0 ? "," : "").append(m.square()).append(m.complete() ? "" : "?");
            }
            eq(squares.toString(), "19,26,37,44", "analysis of the start");
            eq(engine.analyze(OVER, 4).length, 0, "analysis of a finished game");
            expectStatus(() -> engine.search(middle, 61), -2, "level 61");
            expectStatus(() -> engine.search(middle, 0), -2, "level 0 without a depth");
            expectStatus(() -> engine.search(middle, 5, -1, 6, 0, 0), -2, "selectivity 6");
            expectStatus(() -> engine.search(new Board(3, 1), 5), -2, "overlap");
            expectStatus(() -> engine.setThreads(0), -2, "0 threads");
            expectStatus(() -> engine.setThreads(257), -2, "257 threads");
            eq(engine.getThreads(), 1, "threads unchanged");
        }
        throwsA(IllegalStateException.class, () -> closed.search(middle, 3), "a closed engine");
        expectStatus(() -> new Engine(null, 7), -2, "hash bits 7");
        expectStatus(() -> Weights.fromBytes(new byte[10]), -7, "not an eval.dat");
        expectStatus(() -> Weights.fromFile("/nonexistent/eval.dat"), -6, "a missing file");
    }

    static void gamePass() throws Exception {
        // White A1, black B1, black to move: black has no move, white takes C1, and then neither can move.
        Game g = Game.fromText("OX" + "-".repeat(62) + " X");
        java.util.Random rng = new java.util.Random(1);
        eq(g.legalMoves() + " " + g.mustPass() + " " + g.isOver() + " " + g.winner(), "0 true false NONE", "black must pass");
        eq(g.randomMove(rng), Kernels.PASS, "the random move is a pass");
        expectMessage(IllegalArgumentException.class, () -> g.play(2), "none", "a move when there is none");
        g.pass();
        eq(g.blackToMove() + " " + g.ply() + " " + java.util.Arrays.toString(g.moves()), "false 1 [2]", "white to move after the pass");
        expectMessage(IllegalStateException.class, g::pass, "has a move", "white may not pass");
        eq(g.playRandom(rng), 2, "white's only move");
        eq(g.isOver() + " " + g.mustPass() + " " + g.winner() + " " + g.score(), "true false WHITE OptionalInt[-64]",
                "the end: 0-3, the empties to white");
        eq(g.randomMove(rng) + " " + g.playRandom(rng) + " " + g.ply(), Kernels.NOMOVE + " " + Kernels.NOMOVE + " 2",
                "nothing to play at the end");
        expectMessage(IllegalStateException.class, g::pass, "over", "no pass at the end");
        g.undo();
        g.undo();
        eq(g.toText() + " " + g.mustPass(), "OX" + "-".repeat(62) + " X true", "undone, the pass too");
        // A draw with empty squares: 1-1, nobody can move.
        Game d = new Game(1L, 1L << 63, false);
        eq(d.isOver() + " " + d.winner() + " " + d.score() + " " + d.blackDiscs() + " " + d.whiteDiscs() + " " + d.empties(),
                "true DRAW OptionalInt[0] 1 1 62", "a drawn end");
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
        String expectedLevels;
        try {
            expectedLevels = expectedLevels();
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
        if (expectedLevels != null) {
            run("levels: the library's are those the CPU's flags allow", () -> levels(expectedLevels));
        } else if ("true".equals(System.getenv("CI"))) {
            run("levels: the library's are those the CPU's flags allow", () -> {
                throw new AssertionError("no EDAX_KERNELS_EXPECTED_LEVELS, scripts/cpu-levels.sh or /proc/cpuinfo to compare with (CI=true)");
            });
        } else {
            System.out.println("SKIPPED: java: the library's levels not compared with the CPU's (no EDAX_KERNELS_EXPECTED_LEVELS, scripts/cpu-levels.sh or /proc/cpuinfo)");
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
        run("evaluation: the library's own weights (evalLoadDefault), then a solver's ordering", KernelsTest::evalDefault);
        run("solver: solveMany equals single solves on windows (-64, 64), (-1, 1), (-3, 3)", KernelsTest::solveManyWindows);
        run("solver: solveMany reports an overlapping position and a node limit's stop per position", KernelsTest::solveManyPartial);
        run("solver: solveMany stopped from another thread, busy", KernelsTest::solveManyStopBusy);
        run("solver: solveMany's bad arguments, close", KernelsTest::solveManyErrors);
        run("game: random games checked against the kernels and the solver, undone to the start", KernelsTest::gameRandom);
        run("game: the first problem of Edax's set (legal moves, solved)", KernelsTest::gameKnown);
        run("game: text and obf round trips", KernelsTest::gameText);
        run("game: bad moves, passes, undo and text refused", KernelsTest::gameErrors);
        run("game: passes and the end", KernelsTest::gamePass);
        run("engine: a game against itself at level 5 (legal moves, exact scores the solver's)", () -> engineGame(1, 5));
        run("engine: a game against itself at level 8 on two threads (the same checks)", () -> engineGame(2, 8));
        run("engine: node and time limits, stop from another thread, analysis, bad arguments", KernelsTest::engineLimits);
        run("book: Edax's edax.dat (the start as Edax shows it, random moves, lines, export and import, merge, negamax)",
                KernelsTest::bookQueries);
        run("book: saved back byte for byte, damaged files refused with the byte offset", KernelsTest::bookFiles);
        run("book: Engine.play with and without the book", KernelsTest::bookPlay);
        System.out.println("level " + Kernels.isa());
        System.out.println("java: " + passed + " passed, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }
}
