// Tests of the C# binding: known answers from Edax 4.6 (tests/data/golden), single and batch
// calls, on every level this CPU has (the library's levels checked against those the CPU's flags
// allow: EDAX_KERNELS_EXPECTED_LEVELS, which bindings/test.sh sets to what scripts/cpu-levels.sh
// prints, else that script run here); perft 6..8 both through ek_perft and walked here with the
// batch calls; the evaluation (eval.txt replayed with the synthetic eval.dat named by the
// environment variable EK_EVAL_DAT); the solver (tests/data/fforum-1-19 to the published
// scores, batch against single solves, a solve stopped from another thread, the node limit,
// the threads, the evaluation ordering; SolveMany on windows, with overlaps, stops and bad
// arguments) and Edax's leaf search (shallow.txt); the library's own weights; Game (random games
// checked against the kernels, Edax's board text and .obf lines, bad input refused); the engine
// (a game against itself, limits, Stop, bad arguments); the opening book (Edax's edax.dat:
// queries, files byte for byte, Engine.Play); loading and error reporting. Nothing here
// times the machine (bindings/bench.sh and bench/Bench.cs do).
//
// Usage: mono Tests.exe GOLDEN_DIR LIBRARY_PATH, or LIBRARY_PATH "-" to load the default way
// (EDAX_KERNELS_LIB, else the NuGet package's copy beside EdaxKernels.dll, else the system
// search path; the environment variable EK_EXPECT_LIB names the file that way must find, when
// not the bare file name: libedax_kernels.so, edax_kernels.dll on Windows). An EdaxKernels.dll
// from the package (it has an informational version) must carry Cargo.toml's version
// (GOLDEN_DIR/../../..).

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using EdaxKernels;

static class Tests
{
    static string golden;
    static int passed, failed;

    static List<string[]> Records(string name)
    {
        var recs = File.ReadAllLines(Path.Combine(golden, name))
            .Where(l => !l.StartsWith("#") && l.Trim().Length > 0)
            .Select(l => l.Split(' ')).ToList();
        if (recs.Count == 0) throw new Exception(name + " has no records");
        return recs;
    }

    static ulong Hex(string s) { return ulong.Parse(s, NumberStyles.HexNumber); }
    static int Dec(string s) { return int.Parse(s, CultureInfo.InvariantCulture); }

    static void Eq<T>(T got, T want, string what)
    {
        if (!EqualityComparer<T>.Default.Equals(got, want))
            throw new Exception(string.Format("{0}: got {1}, want {2}", what, got, want));
    }

    static void Throws<E>(Action a, string what) where E : Exception
    {
        try { a(); }
        catch (E) { return; }
        throw new Exception(what + ": no " + typeof(E).Name);
    }

    static void Run(string name, Action test)
    {
        try
        {
            test();
            passed++;
            Console.WriteLine("ok   " + name);
        }
        catch (Exception e)
        {
            failed++;
            Console.WriteLine("FAIL " + name + ": " + e.Message);
        }
    }

    static readonly string[] AllLevels = { "portable", "sse2", "avx2", "avx512", "neon" };

    /// The levels the CPU's flags allow, lowest first: EDAX_KERNELS_EXPECTED_LEVELS when set
    /// (bindings/test.sh passes scripts/cpu-levels.sh's output), else the output of
    /// scripts/cpu-levels.sh (GOLDEN_DIR/../../..) run here when it and /proc/cpuinfo are there;
    /// null when neither.
    static string[] ExpectedLevels()
    {
        string given = Environment.GetEnvironmentVariable("EDAX_KERNELS_EXPECTED_LEVELS");
        if (!string.IsNullOrWhiteSpace(given)) return Words(given);
        string script = Path.GetFullPath(Path.Combine(golden, "..", "..", "..", "scripts", "cpu-levels.sh"));
        if (!File.Exists(script) || !File.Exists("/proc/cpuinfo")) return null;
        var start = new System.Diagnostics.ProcessStartInfo("bash", "\"" + script + "\"")
        {
            UseShellExecute = false,
            RedirectStandardOutput = true,
        };
        using (var p = System.Diagnostics.Process.Start(start))
        {
            string output = p.StandardOutput.ReadToEnd();
            p.WaitForExit();
            if (p.ExitCode != 0) throw new Exception(script + " failed (exit status " + p.ExitCode + ")");
            return Words(output);
        }
    }

    static string[] Words(string s) { return s.Split(new[] { ' ', '\t', '\n', '\r' }, StringSplitOptions.RemoveEmptyEntries); }

    /// The library's levels (Kernels.IsaSupported) are those the CPU's flags allow, as
    /// tests/golden.rs checks for Rust: the levels OnEveryLevel leaves out are the CPU's to lack.
    static void Levels(string[] expected)
    {
        string have = string.Join(" ", AllLevels.Where(Kernels.IsaSupported)), want = string.Join(" ", expected);
        Console.WriteLine("     levels run: " + have + "; the CPU's flags allow: " + want);
        Eq(have, want, "the library's levels against those the CPU's flags allow (scripts/cpu-levels.sh)");
    }

    /// Runs `test` on every level this CPU has, then restores the best one.
    static void OnEveryLevel(Action<string> test)
    {
        string best = Kernels.Isa;
        try
        {
            foreach (var isa in AllLevels.Where(Kernels.IsaSupported))
            {
                Kernels.SetIsa(isa);
                test(isa);
            }
        }
        finally { Kernels.SetIsa(best); }
    }

    static void Flip()
    {
        var recs = Records("flip.txt");
        int[] xs = recs.Select(r => Dec(r[2])).ToArray();
        ulong[] ps = recs.Select(r => Hex(r[0])).ToArray(), os = recs.Select(r => Hex(r[1])).ToArray();
        OnEveryLevel(isa =>
        {
            for (int i = 0; i < recs.Count; i++)
                Eq(Kernels.Flip(xs[i], ps[i], os[i]), Hex(recs[i][3]), isa + " flip line " + i);
            ulong[] batch = Kernels.FlipBatch(xs, ps, os);
            for (int i = 0; i < recs.Count; i++) Eq(batch[i], Hex(recs[i][3]), isa + " flip batch line " + i);
        });
    }

    static void BoardNext()
    {
        var recs = Records("flip.txt");
        int[] xs = recs.Select(r => Dec(r[2])).ToArray();
        ulong[] ps = recs.Select(r => Hex(r[0])).ToArray(), os = recs.Select(r => Hex(r[1])).ToArray();
        ulong[] np = (ulong[])ps.Clone(), no = (ulong[])os.Clone();
        Kernels.NextBatch(xs, np, no, np, no);  // in place
        for (int i = 0; i < recs.Count; i++)
        {
            ulong f = Hex(recs[i][3]);
            ulong sq = xs[i] < 64 ? 1UL << xs[i] : 0;
            var want = new Board(os[i] ^ f, ps[i] ^ (f | sq));
            Eq(Kernels.Next(new Board(ps[i], os[i]), xs[i]), want, "next line " + i);
            Eq(new Board(np[i], no[i]), want, "next batch (in place) line " + i);
        }
    }

    static void Moves()
    {
        var recs = Records("moves.txt");
        ulong[] ps = recs.Select(r => Hex(r[0])).ToArray(), os = recs.Select(r => Hex(r[1])).ToArray();
        OnEveryLevel(isa =>
        {
            ulong[] moves = Kernels.GetMovesBatch(ps, os);
            int[] mobility = Kernels.GetMobilityBatch(ps, os);
            for (int i = 0; i < recs.Count; i++)
            {
                string at = isa + " moves line " + i;
                Eq(Kernels.GetMoves(ps[i], os[i]), Hex(recs[i][2]), at);
                Eq(moves[i], Hex(recs[i][2]), at + " (batch)");
                Eq(Kernels.GetMobility(ps[i], os[i]), Dec(recs[i][3]), at + " mobility");
                Eq(mobility[i], Dec(recs[i][3]), at + " mobility (batch)");
                Eq(Kernels.GetWeightedMobility(ps[i], os[i]), Dec(recs[i][4]), at + " weighted");
                Eq(Kernels.GetPotentialMobility(ps[i], os[i]), Dec(recs[i][5]), at + " potential");
                Eq(Kernels.CanMove(ps[i], os[i]), recs[i][6] == "1", at + " can_move");
            }
        });
    }

    static void Stability()
    {
        var recs = Records("stability.txt");
        ulong[] ps = recs.Select(r => Hex(r[0])).ToArray(), os = recs.Select(r => Hex(r[1])).ToArray();
        OnEveryLevel(isa =>
        {
            int[] batch = Kernels.GetStabilityBatch(ps, os);
            for (int i = 0; i < recs.Count; i++)
            {
                string at = isa + " stability line " + i;
                Eq(Kernels.GetStability(ps[i], os[i]), Dec(recs[i][2]), at);
                Eq(batch[i], Dec(recs[i][2]), at + " (batch)");
                Eq(Kernels.GetEdgeStability(ps[i], os[i]), Dec(recs[i][3]), at + " edge");
                Eq(Kernels.GetCornerStability(ps[i]), Dec(recs[i][4]), at + " corner");
            }
        });
    }

    static void LastFlip()
    {
        var recs = Records("last_flip.txt");
        ulong[] ps = recs.Select(r => Hex(r[0])).ToArray();
        int[] xs = recs.Select(r => Dec(r[1])).ToArray();
        OnEveryLevel(isa =>
        {
            int[] batch = Kernels.CountLastFlipBatch(xs, ps);
            for (int i = 0; i < recs.Count; i++)
            {
                Eq(Kernels.CountLastFlip(xs[i], ps[i]), Dec(recs[i][2]), isa + " last flip line " + i);
                Eq(batch[i], Dec(recs[i][2]), isa + " last flip batch line " + i);
            }
        });
    }

    static void Hash()
    {
        var recs = Records("hash.txt");
        ulong[] ps = recs.Select(r => Hex(r[0])).ToArray(), os = recs.Select(r => Hex(r[1])).ToArray();
        ulong[] batch = Kernels.HashCodeBatch(ps, os);
        for (int i = 0; i < recs.Count; i++)
        {
            Eq(Kernels.HashCode(new Board(ps[i], os[i])), Hex(recs[i][2]), "hash line " + i);
            Eq(batch[i], Hex(recs[i][2]), "hash batch line " + i);
        }
    }

    static void SymmetryAndUnique()
    {
        var recs = Records("symmetry.txt");
        for (int i = 0; i < recs.Count; i++)
        {
            var b = new Board(Hex(recs[i][0]), Hex(recs[i][1]));
            Eq(Kernels.Symmetry(b, Dec(recs[i][2])), new Board(Hex(recs[i][3]), Hex(recs[i][4])), "symmetry line " + i);
        }
        recs = Records("unique.txt");
        for (int i = 0; i < recs.Count; i++)
        {
            int s;
            var u = Kernels.Unique(new Board(Hex(recs[i][0]), Hex(recs[i][1])), out s);
            Eq(u, new Board(Hex(recs[i][2]), Hex(recs[i][3])), "unique line " + i);
            Eq(s, Dec(recs[i][4]), "unique symmetry line " + i);
        }
    }

    /// Counts the nodes `depth` plies below `root` level by level with the batch calls (Edax's
    /// convention: a pass is a node when the other side can move; a finished game has none).
    static ulong WalkPerft(Board root, int depth)
    {
        ulong[] ps = { root.Player }, os = { root.Opponent };
        for (int ply = 0; ply < depth; ply++)
        {
            ulong[] moves = Kernels.GetMovesBatch(ps, os);
            var xs = new List<int>();
            var parent = new List<int>();
            for (int i = 0; i < ps.Length; i++)
            {
                if (moves[i] == 0)
                {
                    if (Kernels.CanMove(os[i], ps[i])) { xs.Add(Kernels.Pass); parent.Add(i); }
                    continue;
                }
                for (ulong m = moves[i]; m != 0; m &= m - 1)
                {
                    xs.Add(Kernels.BitCount((m & (~m + 1)) - 1));
                    parent.Add(i);
                }
            }
            ulong[] cp = parent.Select(i => ps[i]).ToArray(), co = parent.Select(i => os[i]).ToArray();
            Kernels.NextBatch(xs.ToArray(), cp, co, cp, co);
            ps = cp;
            os = co;
        }
        return (ulong)ps.Length;
    }

    static void Perft()
    {
        foreach (var r in Records("perft.txt"))
        {
            int depth = Dec(r[0]);
            if (depth < 6 || depth > 8) continue;
            Eq(Kernels.Perft(Board.Start, depth), ulong.Parse(r[1]), "ek_perft depth " + depth);
            Eq(WalkPerft(Board.Start, depth), ulong.Parse(r[1]), "walked perft depth " + depth);
        }
    }

    static void Errors()
    {
        Throws<EdaxKernelsException>(() => Kernels.Symmetry(Board.Start, 8), "symmetry 8");
        try { Kernels.Symmetry(Board.Start, -1); }
        catch (EdaxKernelsException e) { Eq(e.Status, -2, "EK_ERR_RANGE status"); }
        Throws<EdaxKernelsException>(() => Kernels.SetIsa("bogus"), "unknown level");
        Throws<ArgumentException>(() => Kernels.FlipBatch(new int[2], new ulong[2], new ulong[3]), "unequal lengths");
        Throws<ArgumentNullException>(() => Kernels.GetMovesBatch(null, new ulong[1]), "null array");
        Eq(Kernels.FlipBatch(new int[0], new ulong[0], new ulong[0]).Length, 0, "empty batch");
        Eq(Kernels.Flip(Kernels.Pass, Board.Start.Player, Board.Start.Opponent), 0UL, "flip pass");
        Eq(Kernels.Version.Split('.').Length, 3, "version");
    }

    static string EvalDat()
    {
        string path = Environment.GetEnvironmentVariable("EK_EVAL_DAT");
        if (string.IsNullOrEmpty(path)) throw new Exception("EK_EVAL_DAT must name the synthetic eval.dat (bindings/test.sh sets it)");
        return path;
    }

    /// Replays every game of eval.txt on `e` (set at each game's start, then update, pass, and a
    /// restore-and-replay of each move), checking ply, player and sum; returns the positions.
    static int Replay(Eval e)
    {
        var recs = Records("eval.txt");
        Board prev = default(Board);
        int prevSum = 0;
        for (int i = 0; i < recs.Count; i++)
        {
            var r = recs[i];
            var b = new Board(Hex(r[0]), Hex(r[1]));
            int ply = Dec(r[2]), player = Dec(r[3]), want = Dec(r[4]);
            ulong discs = b.Player | b.Opponent, before = prev.Player | prev.Opponent;
            ulong placed = discs ^ before;
            if (i > 0 && b.Equals(new Board(prev.Opponent, prev.Player)))
            {
                e.Pass();
            }
            else if (i > 0 && (discs & before) == before && placed != 0 && (placed & (placed - 1)) == 0)
            {
                int x = Kernels.BitCount(placed - 1);
                e.Update(x, prev.Opponent ^ b.Player);
                Eq(e.Accumulate(), want, "sum after update, record " + i);
                e.Restore();
                Eq(e.Accumulate(), prevSum, "sum after restore, record " + i);
                e.Update(x, prev.Opponent ^ b.Player);
            }
            else
            {
                e.Set(b);
            }
            Eq(e.Ply, ply, "ply, record " + i);
            Eq(e.Player, player, "player, record " + i);
            Eq(e.Accumulate(), want, "sum, record " + i);
            prev = b;
            prevSum = want;
        }
        return recs.Count;
    }

    static void EvalReplay()
    {
        Kernels.EvalLoadFile(EvalDat());
        OnEveryLevel(isa =>
        {
            using (var e = new Eval()) Eq(Replay(e), 3686, "eval.txt positions");
        });
        Kernels.EvalLoadBytes(File.ReadAllBytes(EvalDat()));
        using (var e = new Eval()) Eq(Replay(e), 3686, "eval.txt positions after loading bytes");
        var first = Records("eval.txt")[1];
        using (var e = new Eval(new Board(Hex(first[0]), Hex(first[1])))) Eq(e.Accumulate(), Dec(first[4]), "fresh Eval(board)");
    }

    static void ExpectStatus(Action a, int status, string what)
    {
        try { a(); }
        catch (EdaxKernelsException e)
        {
            Eq(e.Status, status, what + " status");
            if (!e.Message.StartsWith("edax_kernels: ")) throw new Exception(what + ": unclear message " + e.Message);
            return;
        }
        throw new Exception(what + ": no EdaxKernelsException");
    }

    static void EvalErrors()
    {
        Kernels.EvalLoadFile(EvalDat());
        byte[] data = File.ReadAllBytes(EvalDat());
        var e = new Eval(Board.Start);
        int want = e.Accumulate();
        string tmp = Path.GetTempFileName();
        File.WriteAllBytes(tmp, data.Take(data.Length / 2).ToArray());
        ExpectStatus(() => Kernels.EvalLoadFile("/nonexistent/eval.dat"), -6, "missing file");
        ExpectStatus(() => Kernels.EvalLoadFile(tmp), -8, "truncated file");
        ExpectStatus(() => Kernels.EvalLoadBytes(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 }), -7, "not an eval file");
        ExpectStatus(() => Kernels.EvalLoadBytes(data.Take(data.Length - 1).ToArray()), -8, "one byte short");
        File.Delete(tmp);
        Throws<ArgumentNullException>(() => Kernels.EvalLoadBytes(null), "null bytes");
        Eq(Kernels.EvalLoaded, true, "weights kept after failed loads");
        Eq(e.Accumulate(), want, "sum kept after failed loads");
        ExpectStatus(() => e.Update(64, 0), -2, "update at square 64");
        ExpectStatus(() => e.Restore(), -2, "restore without update");
        ExpectStatus(() => e.Set(new Board(0, 0)), -2, "set with 64 empty squares");
        Kernels.EvalUnload();
        Eq(Kernels.EvalLoaded, false, "unloaded");
        ExpectStatus(() => e.Accumulate(), -9, "accumulate without weights");
        Kernels.EvalLoadFile(EvalDat());
        Eq(e.Accumulate(), want, "sum after reloading");
        e.Dispose();
        e.Dispose();
        Throws<ObjectDisposedException>(() => e.Accumulate(), "accumulate after Dispose");
    }

    /// An fforum problem: the board, its empty squares, best score and each listed move's score.
    sealed class Problem
    {
        public Board Board;
        public int Empties, Best;
        public Dictionary<int, int> Moves = new Dictionary<int, int>();
    }

    static List<Problem> Fforum(string name)
    {
        var problems = new List<Problem>();
        foreach (var line in File.ReadAllLines(Path.Combine(golden, "..", "fforum", name)))
        {
            if (line.StartsWith("#") || line.Trim().Length == 0) continue;
            string[] f = line.Split(' ');
            var pb = new Problem { Board = new Board(Hex(f[0]), Hex(f[1])), Empties = Dec(f[2]), Best = Dec(f[3]) };
            foreach (var m in f.Skip(4))
            {
                string[] xs = m.Split(':');
                pb.Moves[xs[0][0] - 'a' + 8 * (xs[0][1] - '1')] = Dec(xs[1]);
            }
            problems.Add(pb);
        }
        return problems;
    }

    /// A1 against H8: a finished game (a draw), solved at once.
    static readonly Board Over = new Board(1UL, 1UL << 63);

    static void SolverFforum()
    {
        var problems = Fforum("fforum-1-19.txt");
        Eq(problems.Count, 19, "fforum-1-19 problems");
        using (var s = new Solver(20))
        {
            for (int i = 0; i < problems.Count; i++)
            {
                SolveResult r = s.Solve(problems[i].Board);
                int listed;
                Eq(r.Score, problems[i].Best, "fforum #" + (i + 1));
                Eq(problems[i].Moves.TryGetValue(r.BestMove, out listed) ? listed : -99, problems[i].Best, "fforum #" + (i + 1) + " move " + r.BestMove);
                Eq(r.Nodes > 0, true, "nodes counted");
            }
        }
    }

    static void SolverBatch()
    {
        var problems = Fforum("fforum-1-19.txt");
        ulong[] ps = problems.Select(p => p.Board.Player).ToArray(), os = problems.Select(p => p.Board.Opponent).ToArray();
        int[] scores = new int[ps.Length], moves = new int[ps.Length];
        // Two solvers given the same positions in the same order: their tables evolve alike.
        using (var batch = new Solver(20))
        using (var single = new Solver(20))
        {
            batch.SolveBatch(ps, os, scores, moves);
            for (int i = 0; i < ps.Length; i++)
            {
                SolveResult r = single.Solve(problems[i].Board);
                Eq(scores[i], r.Score, "batch score #" + (i + 1));
                Eq(moves[i], r.BestMove, "batch move #" + (i + 1));
                Eq(scores[i], problems[i].Best, "published score #" + (i + 1));
            }
            Eq(batch.SolveBatch(ps, os).SequenceEqual(scores), true, "scores-only batch");
            Eq(batch.SolveBatch(new ulong[0], new ulong[0]).Length, 0, "empty batch");
        }
    }

    static void SolverStop()
    {
        Board slow = Fforum("fforum-20-39.txt").First(p => p.Empties == 24).Board;
        using (var s = new Solver(20))
        {
            object outcome = null;
            // The probe below may hold the solver for a moment: the worker retries until it runs.
            var worker = new Thread(() =>
            {
                while (true)
                {
                    try
                    {
                        outcome = s.Solve(slow);
                        return;
                    }
                    catch (EdaxKernelsException e)
                    {
                        if (e.Status == -12) continue;
                        outcome = e;
                        return;
                    }
                }
            });
            worker.Start();
            bool busySeen = false;
            while (!busySeen && worker.IsAlive)
            {
                try { s.Solve(Over); }
                catch (EdaxKernelsException e) { busySeen = e.Status == -12; }
            }
            while (worker.IsAlive)
            {
                s.Stop();
                worker.Join(1);
            }
            Eq(busySeen, true, "a second solve refused while the first ran");
            var stopped = outcome as EdaxKernelsException;
            Eq(stopped != null ? stopped.Status : 0, -11, "the stopped solve's outcome (" + outcome + ")");
            // The solver works again; the node limit stops a solve too.
            s.NodeLimit = 10000;
            Eq(s.NodeLimit, 10000UL, "node limit");
            ExpectStatus(() => s.Solve(Board.Start), -11, "solve beyond the node limit");
            s.NodeLimit = 0;
            s.Clear();
            var first = Fforum("fforum-1-19.txt")[0];
            Eq(s.Solve(first.Board).Score, first.Best, "a solve after the stops");
        }
    }

    static void SolverThreads()
    {
        // An fforum-20-39 problem with 18 empty squares: a solve spread over the threads (16+).
        Problem pb = Fforum("fforum-20-39.txt").First(p => p.Empties == 18);
        int one;
        using (var s = new Solver(20))
        {
            Eq(s.Threads, 1, "the default thread count");
            one = s.Solve(pb.Board).Score;
        }
        using (var s = new Solver(20))
        {
            s.Threads = 2;
            Eq(s.Threads, 2, "threads read back");
            SolveResult r = s.Solve(pb.Board);
            int listed;
            Eq(r.Score, pb.Best, "the score with 2 threads");
            Eq(r.Score, one, "the score with 2 threads against 1 thread");
            Eq(pb.Moves.TryGetValue(r.BestMove, out listed) ? listed : -99, pb.Best, "move " + r.BestMove + " with 2 threads");
            Eq(s.SolveBatch(new[] { pb.Board.Player }, new[] { pb.Board.Opponent })[0], pb.Best, "a batch with 2 threads");
            foreach (int bad in new[] { 0, 257, -1 })
            {
                ExpectStatus(() => s.Threads = bad, -2, "threads " + bad);
                Eq(s.Threads, 2, "threads kept after " + bad);
            }
            s.Threads = 256;
            Eq(s.Threads, 256, "the most threads");
            s.Threads = 1;
            Eq(s.Threads, 1, "back to one thread");
            s.Dispose();
            Throws<ObjectDisposedException>(() => s.Threads = 2, "set threads after Dispose");
        }
    }

    static void SolverEval()
    {
        // An fforum-20-39 problem with 18 empty squares: the weights order its nodes of 16+.
        Problem pb = Fforum("fforum-20-39.txt").First(p => p.Empties == 18);
        Kernels.EvalUnload();
        SolveResult fast, r;
        int listed;
        using (var s = new Solver(20))
        {
            // No weights loaded: refused, the setting kept.
            Eq(s.UseEval, false, "the default ordering");
            ExpectStatus(() => s.UseEval = true, -9, "eval without weights");
            Eq(s.UseEval, false, "eval kept off without weights");
            s.UseEval = false;
            Eq(s.UseEval, false, "eval set off without weights");
            fast = s.Solve(pb.Board);
        }
        Kernels.EvalLoadFile(EvalDat());
        using (var s = new Solver(20))
        {
            s.UseEval = true;
            Eq(s.UseEval, true, "eval read back");
            r = s.Solve(pb.Board);
            Eq(r.Score, pb.Best, "the score with eval");
            Eq(r.Score, fast.Score, "the score with eval against without");
            Eq(pb.Moves.TryGetValue(r.BestMove, out listed) ? listed : -99, pb.Best, "move " + r.BestMove + " with eval");
            // The weights ordered the search: another tree than the fast order's.
            Eq(r.Nodes != fast.Nodes, true, "nodes with eval (" + r.Nodes + ") differ from without");
            Eq(s.SolveBatch(new[] { pb.Board.Player }, new[] { pb.Board.Opponent })[0], pb.Best, "a batch with eval");
            s.UseEval = false;
            Eq(s.UseEval, false, "eval set off");
            s.Clear();
            Eq(s.Solve(pb.Board).Score, pb.Best, "the score with eval set off");
            s.Dispose();
            Throws<ObjectDisposedException>(() => s.UseEval = true, "set eval after Dispose");
            Throws<ObjectDisposedException>(() => Eq(s.UseEval, false, "eval after Dispose"), "get eval after Dispose");
        }
    }

    static void SolveShallow()
    {
        foreach (var r in Records("shallow.txt"))
        {
            long nodes;
            int score = Kernels.SolveShallow(new Board(Hex(r[0]), Hex(r[1])), Dec(r[2]), out nodes);
            Eq(score + " " + nodes, r[3] + " " + r[4], "shallow " + string.Join(" ", r));
        }
    }

    static void SolverErrors()
    {
        foreach (int bits in new[] { 0, 33, -1 }) ExpectStatus(() => new Solver(bits), -2, "hash bits " + bits);
        var s = new Solver(8);
        foreach (var w in new[] { new[] { 0, 0 }, new[] { 1, 0 }, new[] { -65, 64 }, new[] { -64, 65 } })
            ExpectStatus(() => s.Solve(Board.Start, w[0], w[1]), -2, "window " + w[0] + ", " + w[1]);
        ExpectStatus(() => s.Solve(new Board(1, 1)), -2, "overlap");
        int[] scores = { 7, 7 };
        ExpectStatus(() => s.SolveBatch(new[] { Over.Player, 1UL }, new[] { Over.Opponent, 1UL }, scores), -2, "batch with an overlap");
        Eq(scores[0] + " " + scores[1], "0 7", "the positions before the overlap written, not the rest");
        Throws<ArgumentException>(() => s.SolveBatch(new ulong[2], new ulong[1]), "lengths");
        Throws<ArgumentNullException>(() => s.SolveBatch(null, new ulong[1]), "null array");
        long n;
        ExpectStatus(() => Kernels.SolveShallow(Board.Start, 0, out n), -2, "shallow with 60 empty squares");
        SolveResult r = s.Solve(Over, -1, 1);
        Eq(r.Score + " " + r.BestMove, "0 " + Kernels.NoMove, "a finished game");
        s.Dispose();
        s.Dispose();
        s.Stop();
        Throws<ObjectDisposedException>(() => s.Solve(Board.Start), "solve after Dispose");
        Throws<ObjectDisposedException>(() => s.Clear(), "clear after Dispose");
    }

    static void EvalDefault()
    {
        // The weights the library carries: loaded without a file, then used by an Eval and by a
        // solver's move ordering.
        Problem pb = Fforum("fforum-20-39.txt").First(p => p.Empties == 18);
        Kernels.EvalUnload();
        Eq(Kernels.EvalLoaded, false, "no weights before");
        Kernels.EvalLoadDefault();
        Eq(Kernels.EvalLoaded, true, "weights loaded");
        using (var e = new Eval(pb.Board)) e.Accumulate();
        Kernels.EvalLoadDefault();
        Eq(Kernels.EvalLoaded, true, "weights loaded again");
        using (var s = new Solver(20))
        {
            s.UseEval = true;
            Eq(s.UseEval, true, "eval ordering with the default weights");
            SolveResult r = s.Solve(pb.Board);
            int listed;
            Eq(r.Score, pb.Best, "the score with the default weights");
            Eq(pb.Moves.TryGetValue(r.BestMove, out listed) ? listed : -99, pb.Best, "move " + r.BestMove + " with the default weights");
        }
    }

    static readonly int[][] Windows = { new[] { -64, 64 }, new[] { -1, 1 }, new[] { -3, 3 } };

    /// Whether score, found on the window (alpha, beta), agrees with the exact score: equal
    /// inside the window, else a fail-soft bound on the side the exact score falls.
    static bool Agrees(int score, int exact, int alpha, int beta)
    {
        if (exact <= alpha) return score <= alpha && score >= exact;
        if (exact >= beta) return score >= beta && score <= exact;
        return score == exact;
    }

    static void SolveManyWindows()
    {
        var problems = Fforum("fforum-1-19.txt").Take(5).ToList();
        ulong[] ps = problems.Select(p => p.Board.Player).ToArray(), os = problems.Select(p => p.Board.Opponent).ToArray();
        foreach (var w in Windows)
        {
            // Two solvers given the same positions in the same order: their tables evolve alike.
            using (var many = new Solver(20))
            using (var single = new Solver(20))
            {
                SolveManyResult r = w[0] == -64 && w[1] == 64 ? many.SolveMany(ps, os) : many.SolveMany(ps, os, w[0], w[1]);
                string at = "window (" + w[0] + ", " + w[1] + ")";
                Eq(r.Status, SolveStatus.Solved, at + " status");
                Eq(r.AllSolved, true, at + " all solved");
                Eq(r.Count + " " + r.Alpha + " " + r.Beta, ps.Length + " " + w[0] + " " + w[1], at + " count and window");
                for (int i = 0; i < ps.Length; i++)
                {
                    SolveResult one = single.Solve(problems[i].Board, w[0], w[1]);
                    string pos = at + " #" + (i + 1);
                    Eq(r.Statuses[i], SolveStatus.Solved, pos + " status");
                    Eq(r.Scores[i], one.Score, pos + " score");
                    Eq(r.BestMoves[i], one.BestMove, pos + " best move");
                    Eq(r.Nodes[i], one.Nodes, pos + " nodes");
                    Eq(Agrees(r.Scores[i], problems[i].Best, w[0], w[1]), true, pos + " score " + r.Scores[i] + " against " + problems[i].Best);
                }
            }
        }
        // With 2 threads, each solving whole positions: the same scores.
        using (var s = new Solver(20))
        {
            s.Threads = 2;
            SolveManyResult r = s.SolveMany(ps, os);
            Eq(r.AllSolved, true, "all solved with 2 threads");
            Eq(string.Join(" ", r.Scores), string.Join(" ", problems.Select(p => p.Best)), "the scores with 2 threads");
        }
    }

    static void SolveManyPartial()
    {
        var problems = Fforum("fforum-1-19.txt");
        Board a = problems[0].Board, b = problems[1].Board;
        using (var s = new Solver(20))
        {
            // An overlapping position in the middle: reported, the others solved.
            SolveManyResult r = s.SolveMany(new[] { a.Player, 3UL, b.Player }, new[] { a.Opponent, 1UL, b.Opponent }, -1, 1);
            Eq(r.Status, SolveStatus.Overlapping, "the call's status with an overlap");
            Eq(string.Join(" ", r.Statuses), "Solved Overlapping Solved", "statuses with an overlap");
            Eq(r.Scores[1] + " " + r.BestMoves[1] + " " + r.Nodes[1], Kernels.ScoreNone + " " + Kernels.NoMove + " 0", "the overlapping position");
            Eq(Agrees(r.Scores[0], problems[0].Best, -1, 1) && Agrees(r.Scores[2], problems[1].Best, -1, 1), true, "the others' scores");
            Eq(r.Nodes[0] > 0 && r.Nodes[2] > 0, true, "the others' nodes");
            // A node limit stops the call on a slow position: it and the rest reported stopped
            // (an overlapping one too: not reached), the finished game before it solved.
            Board slow = Fforum("fforum-20-39.txt").First(p => p.Empties == 24).Board;
            s.NodeLimit = 10000;
            r = s.SolveMany(new[] { Over.Player, slow.Player, a.Player, 1UL }, new[] { Over.Opponent, slow.Opponent, a.Opponent, 1UL });
            Eq(r.Status, SolveStatus.Stopped, "the call's status beyond the node limit");
            Eq(string.Join(" ", r.Statuses), "Solved Stopped Stopped Stopped", "statuses beyond the node limit");
            Eq(r.Scores[0] + " " + r.BestMoves[0], "0 " + Kernels.NoMove, "the finished game");
            for (int i = 1; i < 4; i++)
                Eq(r.Scores[i] + " " + r.BestMoves[i] + " " + r.Nodes[i], Kernels.ScoreNone + " " + Kernels.NoMove + " 0", "stopped position " + i);
            s.NodeLimit = 0;
            Eq(s.SolveMany(new[] { a.Player }, new[] { a.Opponent }).Scores[0], problems[0].Best, "solved after the limit is lifted");
        }
    }

    static void SolveManyStopBusy()
    {
        var slow = Fforum("fforum-20-39.txt").First(p => p.Empties == 24).Board;
        using (var s = new Solver(20))
        {
            SolveManyResult outcome = null;
            // The probe below may hold the solver for a moment: the worker retries until it runs.
            var worker = new Thread(() =>
            {
                while (true)
                {
                    try
                    {
                        outcome = s.SolveMany(new[] { slow.Player, Over.Player }, new[] { slow.Opponent, Over.Opponent });
                        return;
                    }
                    catch (EdaxKernelsException e)
                    {
                        if (e.Status != -12) return;
                    }
                }
            });
            worker.Start();
            bool busySeen = false;
            while (!busySeen && worker.IsAlive)
            {
                try { s.SolveMany(new[] { Over.Player }, new[] { Over.Opponent }); }
                catch (EdaxKernelsException e) { busySeen = e.Status == -12; }
            }
            while (worker.IsAlive)
            {
                s.Stop();
                worker.Join(1);
            }
            Eq(busySeen, true, "SolveMany refused (EK_ERR_BUSY) while another solve ran");
            Eq(outcome != null ? outcome.Status : SolveStatus.Solved, SolveStatus.Stopped, "the stopped call's status (" + outcome + ")");
            Eq(string.Join(" ", outcome.Statuses), "Stopped Stopped", "the positions of the stopped call");
        }
    }

    static void SolveManyErrors()
    {
        var s = new Solver(8);
        foreach (var w in new[] { new[] { 0, 0 }, new[] { 1, 0 }, new[] { -65, 64 }, new[] { -64, 65 } })
            ExpectStatus(() => s.SolveMany(new[] { Over.Player }, new[] { Over.Opponent }, w[0], w[1]), -2, "window " + w[0] + ", " + w[1]);
        Throws<ArgumentNullException>(() => s.SolveMany(null, new ulong[1]), "null players");
        Throws<ArgumentNullException>(() => s.SolveMany(new ulong[1], null), "null opponents");
        Throws<ArgumentException>(() => s.SolveMany(new ulong[2], new ulong[1]), "lengths");
        SolveManyResult r = s.SolveMany(new ulong[0], new ulong[0], -1, 1);
        Eq(r.Count + " " + r.Status, "0 Solved", "no positions");
        s.Dispose();
        Throws<ObjectDisposedException>(() => s.SolveMany(new[] { Over.Player }, new[] { Over.Opponent }), "SolveMany after Dispose");
    }

    static string Bits(ulong b) { return b.ToString("x16"); }

    /// Plays a random game from the start to its end with rng, checking every position against
    /// the kernels, then takes it back to the start; returns the passes played.
    static int CheckedRandomGame(Random rng, Solver solver)
    {
        var g = new Game();
        var seen = new List<Tuple<ulong, ulong, bool>>();
        int passes = 0;
        while (true)
        {
            ulong p = g.Player, o = g.Opponent, moves = Kernels.GetMoves(p, o);
            bool black = g.BlackToMove, over = moves == 0 && !Kernels.CanMove(o, p);
            string at = "ply " + g.Ply + " (" + g.ToText() + ")";
            Eq(p & o, 0UL, at + " overlap");
            Eq(g.LegalMoves, moves, at + " legal moves");
            Eq(g.Moves().Aggregate(0UL, (m, sq) => m | 1UL << sq), moves, at + " moves as squares");
            Eq(g.Moves().Length, Kernels.GetMobility(p, o), at + " mobility");
            Eq(g.BlackDiscs + " " + g.WhiteDiscs, Kernels.BitCount(black ? p : o) + " " + Kernels.BitCount(black ? o : p), at + " discs");
            Eq(g.BlackDiscs + g.WhiteDiscs, 64 - g.Empties, at + " discs and empties");
            Eq(g.Empties, 64 - Kernels.BitCount(p | o), at + " empties");
            Eq(g.IsOver, over, at + " over");
            Eq(g.MustPass, moves == 0 && !over, at + " must pass");
            Eq(g.Board, new Board(p, o), at + " board");
            seen.Add(Tuple.Create(p, o, black));
            int ply = g.Ply, x = g.PlayRandom(rng);
            if (over)
            {
                Eq(x, Kernels.NoMove, at + " random move at the end");
                Eq(g.Ply, ply, at + " nothing played at the end");
                break;
            }
            Eq(g.Ply, ply + 1, at + " ply after a move");
            Eq(g.BlackToMove, !black, at + " side after a move");
            if (moves == 0)
            {
                Eq(x, Kernels.Pass, at + " a pass when there is no move");
                Eq(g.Board, new Board(o, p), at + " position after a pass");
                passes++;
            }
            else
            {
                Eq(x >= 0 && x < 64 && (moves >> x & 1) == 1, true, at + " move " + x + " legal");
                Eq(g.Board, Kernels.Next(new Board(p, o), x), at + " position after " + x);
            }
        }
        // The final score, the solver's (for the side to move, empty squares to the winner) for black.
        SolveResult end = solver.Solve(g.Board);
        int score = g.BlackToMove ? end.Score : -end.Score;
        Eq(g.Score, (int?)score, "final score");
        Eq(g.Winner, score > 0 ? Winner.Black : score < 0 ? Winner.White : Winner.Draw, "winner");
        Eq(g.Ply, seen.Count - 1, "plies played");
        for (int i = seen.Count - 1; i > 0; i--)
        {
            g.Undo();
            Eq(Tuple.Create(g.Player, g.Opponent, g.BlackToMove), seen[i - 1], "undo to ply " + (i - 1));
            Eq(g.Ply, i - 1, "ply after undo");
            Eq(g.LegalMoves, Kernels.GetMoves(g.Player, g.Opponent), "legal moves after undo to ply " + (i - 1));
        }
        Eq(g.Board, Board.Start, "back at the start");
        Throws<InvalidOperationException>(() => g.Undo(), "undo at the start");
        return passes;
    }

    static void GameRandom()
    {
        int passes = 0;
        using (var solver = new Solver(12))
        {
            for (int seed = 1; seed <= 100; seed++) passes += CheckedRandomGame(new Random(seed), solver);
        }
        Eq(passes > 0, true, "passes played in 100 random games");
    }

    // The first line of Edax's problem/fforum-1-19.obf (FFO #1), as Edax 4.6 ships it: the moves
    // scored are all the legal ones. (A copy of this line scoring A2:+0; A3:-10; B1:-12; A4:-16;
    // A6:-18; B7:-30 instead circulates: there A6 flips nothing, B7 is occupied, and the legal
    // G2 is missing.)
    const string Obf1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;";

    static int SquareOf(string name) { return char.ToUpperInvariant(name[0]) - 'A' + 8 * (name[1] - '1'); }

    static void GameKnown()
    {
        var g = Game.FromObf(Obf1);
        // The moves the line scores: exactly the legal ones.
        var scored = Obf1.Split(';').Skip(1).Select(m => m.Trim()).Where(m => m.Length > 0)
            .ToDictionary(m => SquareOf(m.Split(':')[0]), m => Dec(m.Split(':')[1].TrimStart('+')));
        ulong named = new[] { "G8", "H1", "H7", "A2", "A3", "B1", "A4", "G2" }.Aggregate(0UL, (b, m) => b | 1UL << SquareOf(m));
        Eq(Bits(scored.Keys.Aggregate(0UL, (b, x) => b | 1UL << x)), Bits(named), "the line's moves");
        Eq(Bits(g.LegalMoves), Bits(named), "legal moves of the first problem");
        ExpectMessage<ArgumentException>(() => g.Play(SquareOf("A6")), "A6 (square 40) is not a legal move for black: it flips no disc", "A6");
        ExpectMessage<ArgumentException>(() => g.Play(SquareOf("B7")), "B7 (square 49) is not a legal move for black: it is occupied", "B7");
        Eq(g.BlackToMove, true, "black to move");
        Eq(g.Empties, 14, "empties");
        Eq(g.Ply, 0, "ply");
        Eq(g.IsOver + " " + g.MustPass + " " + g.Winner + " " + g.Score, "False False None ", "not over");
        var first = Fforum("fforum-1-19.txt")[0];
        Eq(g.Board, first.Board, "the same position as fforum #1");
        Eq(g.ToObf(), Obf1.Substring(0, Obf1.IndexOf(';') + 1), "ToObf");
        using (var s = new Solver(20))
        {
            SolveResult r = s.Solve(g.Board);
            Eq(r.Score + " " + r.BestMove, "18 " + SquareOf("G8"), "solved: G8:+18");
            // Each scored move: the score of the position it leads to, for black.
            foreach (var m in scored)
            {
                g.Play(m.Key);
                Eq(-s.Solve(g.Board).Score, m.Value, "the score of move " + m.Key);
                g.Undo();
            }
        }
        g.Play(SquareOf("G8"));
        Eq(g.BlackToMove + " " + g.Ply + " " + g.Empties, "False 1 13", "after G8");
    }

    static void GameText()
    {
        var g = new Game();
        string start = "---------------------------OX------XO--------------------------- X";
        Eq(g.ToText(), start, "the start's text");
        Eq(g.ToObf(), start + ";", "the start's obf");
        Eq(g.Board, Board.Start, "the start");
        Eq(g.Ply + " " + g.BlackDiscs + " " + g.WhiteDiscs + " " + g.Empties, "0 2 2 60", "the start's counts");
        Eq(string.Join(" ", g.Moves()), "19 26 37 44", "the start's moves");
        var rng = new Random(7);
        for (int i = 0; i < 30 && !g.IsOver; i++)
        {
            g.PlayRandom(rng);
            foreach (var copy in new[] { Game.FromText(g.ToText()), Game.FromObf(g.ToObf()), Game.FromObf(g.ToObf() + " D3:+2; C4:-4;"), g.Copy() })
            {
                Eq(copy.Board + " " + copy.BlackToMove, g.Board + " " + g.BlackToMove, "round trip at ply " + g.Ply);
                Eq(copy.ToText(), g.ToText(), "text round trip at ply " + g.Ply);
            }
        }
        var copied = g.Copy();
        copied.Undo();
        Eq(g.Ply - 1, copied.Ply, "a copy goes its own way");
        // The other characters, whitespace anywhere, white to move.
        string rows = "........\n........\n........\n...ox...\n...*o...\n........\n........\n........\n  o";
        var w = Game.FromText(rows);
        Eq(w.BlackToMove, false, "white to move");
        Eq(w.Player + " " + w.Opponent, ((1UL << 27) | (1UL << 36)) + " " + ((1UL << 28) | (1UL << 35)), "white's discs are the player's");
        Eq(w.ToText(), "---------------------------OX------XO--------------------------- O", "normalised text");
        var b = new Game(Board.Start, false);
        Eq(b.ToText(), "---------------------------XO------OX--------------------------- O", "a board, white to move");
        Eq(new Game(Board.Start.Player, Board.Start.Opponent, true).ToText(), start, "bitboards, black to move");
        Eq(g.ToString().Contains(g.ToText()), true, "ToString shows the text");
    }

    static void ExpectMessage<E>(Action a, string part, string what) where E : Exception
    {
        try { a(); }
        catch (E e)
        {
            if (!e.Message.Contains(part)) throw new Exception(what + ": message without \"" + part + "\": " + e.Message);
            return;
        }
        throw new Exception(what + ": no " + typeof(E).Name);
    }

    static void GameErrors()
    {
        var g = new Game();
        string before = g.ToText();
        ExpectMessage<ArgumentException>(() => g.Play(0), "A1", "an empty square flipping nothing");
        ExpectMessage<ArgumentException>(() => g.Play(27), "D4", "an occupied square");
        ExpectMessage<ArgumentException>(() => g.Play(27), "(legal: D3 C4 F5 E6)", "the legal moves listed");
        ExpectMessage<ArgumentOutOfRangeException>(() => g.Play(-1), "-1", "square -1");
        ExpectMessage<ArgumentOutOfRangeException>(() => g.Play(64), "Pass()", "square 64");
        ExpectMessage<ArgumentOutOfRangeException>(() => g.Play(65), "65", "square 65");
        ExpectMessage<InvalidOperationException>(() => g.Pass(), "has a move", "a pass with moves");
        ExpectMessage<InvalidOperationException>(() => g.Undo(), "nothing to undo", "undo at the start");
        Throws<ArgumentNullException>(() => g.RandomMove(null), "null rng");
        Throws<ArgumentNullException>(() => g.PlayRandom(null), "null rng");
        Eq(g.ToText() + " " + g.Ply, before + " 0", "the game unchanged by refused calls");
        ExpectMessage<ArgumentException>(() => new Game(3, 1, true), "overlap", "overlapping bitboards");
        ExpectMessage<ArgumentException>(() => new Game(new Board(1, 1), true), "A1", "overlapping board");
        string squares = new string('-', 27) + "OX------XO" + new string('-', 27);
        var bad = new[]
        {
            Tuple.Create(squares.Substring(1) + " X", "no side to move"),  // 63 squares: the side read as a square
            Tuple.Create(squares.Substring(2) + " X", "63 squares"),
            Tuple.Create(squares + "- X", "after the 64 squares"),     // 65 squares: the 65th read as the side
            Tuple.Create(squares + " X X", "after the side to move"),
            Tuple.Create(squares + " X -", "after the side to move"),
            Tuple.Create(squares + " B", "'B' after the 64 squares"),
            Tuple.Create(squares, "no side to move"),
            Tuple.Create("", "0 squares"),
            Tuple.Create("#" + squares.Substring(1) + " X", "'#' at square A1"),
            Tuple.Create(squares.Substring(0, 40) + "0" + squares.Substring(41) + " O", "'0' at square A6"),
        };
        foreach (var t in bad) ExpectMessage<FormatException>(() => Game.FromText(t.Item1), t.Item2, "text \"" + t.Item1 + "\"");
        ExpectMessage<FormatException>(() => Game.FromObf(squares + " X"), "no ';'", "obf without ';'");
        ExpectMessage<FormatException>(() => Game.FromObf(squares + "; X"), "no side to move", "obf with ';' before the side");
        ExpectMessage<FormatException>(() => Game.FromObf(squares + " Y; A1:+0;"), "'Y'", "obf with a bad side");
        Throws<ArgumentNullException>(() => Game.FromText(null), "null text");
        Throws<ArgumentNullException>(() => Game.FromObf(null), "null obf");
    }

    static bool Legal(Board b, int move)
    {
        ulong moves = Kernels.GetMoves(b.Player, b.Opponent), other = Kernels.GetMoves(b.Opponent, b.Player);
        if (move >= 0 && move < 64) return (moves >> move & 1) == 1;
        return moves == 0 && (move == Kernels.Pass ? other != 0 : move == Kernels.NoMove && other == 0);
    }

    /// The engine plays a game against itself at level 5: every move legal, every exact score
    /// the solver's, the end of the game; then a node limit, a time limit, Stop from another
    /// thread, Busy, and bad arguments.
    static void EngineGame(int threads, int level)
    {
        var b = Board.Start;
        int exact = 0;
        using (var w = Weights.Bundled())
        using (var engine = new Engine(w, 16))
        using (var solver = new Solver(16))
        {
            engine.Threads = threads;
            Eq(engine.Threads, threads, "threads");
            for (int ply = 0; ; ply++)
            {
                if (ply > 130) throw new Exception("the game did not end");
                SearchResult r = engine.Search(b, level);
                if (!Legal(b, r.BestMove) || !r.Complete) throw new Exception("ply " + ply + ": " + r);
                int empties = 64 - Kernels.BitCount(b.Player | b.Opponent);
                if (r.Exact && empties <= 16)
                {
                    Eq(r.Score, solver.Solve(b).Score, "exact score at ply " + ply);
                    exact++;
                }
                if (r.BestMove == Kernels.NoMove) break;
                if (r.BestMove == Kernels.Pass) b = new Board(b.Opponent, b.Player);
                else
                {
                    Eq(r.Pv[0], r.BestMove, "the PV's first move");
                    b = Kernels.Next(b, r.BestMove);
                }
            }
        }
        if (exact < 5) throw new Exception("only " + exact + " exact scores checked");
    }

    static void EngineLimits()
    {
        var middle = Kernels.Next(Kernels.Next(Board.Start, 19), 18);
        using (var engine = new Engine(null, 16))
        {
            var r = engine.Search(middle, 40, maxNodes: 5000);
            if (r.Complete || r.Exact || !Legal(middle, r.BestMove)) throw new Exception("node limit: " + r);
            r = engine.Search(middle, 60, maxTimeMs: 50);
            if (r.Complete || !Legal(middle, r.BestMove)) throw new Exception("time limit: " + r);
            r = engine.Search(middle, 0, depth: 4);
            Eq(r.Depth * 10 + r.Selectivity, 45, "depth 4, no selectivity");
            SearchResult stopped = null;
            var t = new Thread(() => { stopped = engine.Search(middle, 60); });
            t.Start();
            Thread.Sleep(300);
            engine.Stop();
            if (!t.Join(60000)) throw new Exception("Stop did not end the search");
            if (stopped == null || stopped.Complete || !Legal(middle, stopped.BestMove)) throw new Exception("stopped: " + stopped);
            Eq(engine.BestMove(Over), Kernels.NoMove, "the end of a game");
            Eq(string.Join(",", engine.Analyze(Board.Start, 4).Select(m => m.Square + (m.Complete ? "" : "?"))), "19,26,37,44", "analysis of the start");
            Eq(engine.Analyze(Over, 4).Length, 0, "analysis of a finished game");
            ExpectStatus(() => engine.Search(middle, 61), -2, "level 61");
            ExpectStatus(() => engine.Search(middle, 0), -2, "level 0 without a depth");
            ExpectStatus(() => engine.Search(middle, 5, selectivity: 6), -2, "selectivity 6");
            ExpectStatus(() => engine.Search(new Board(3, 1), 5), -2, "overlap");
            ExpectStatus(() => engine.Threads = 0, -2, "0 threads");
            ExpectStatus(() => engine.Threads = 257, -2, "257 threads");
            Eq(engine.Threads, 1, "threads unchanged");
        }
        ExpectStatus(() => new Engine(null, 7), -2, "hash bits 7");
        ExpectStatus(() => Weights.FromBytes(new byte[10]), -7, "not an eval.dat");
        ExpectStatus(() => Weights.FromFile("/nonexistent/eval.dat"), -6, "a missing file");
    }

    static void GamePass()
    {
        // White A1, black B1, black to move: black has no move, white takes C1, and then neither can move.
        var g = Game.FromText("OX" + new string('-', 62) + " X");
        var rng = new Random(1);
        Eq(g.LegalMoves + " " + g.MustPass + " " + g.IsOver + " " + g.Winner, "0 True False None", "black must pass");
        Eq(g.RandomMove(rng), Kernels.Pass, "the random move is a pass");
        ExpectMessage<ArgumentException>(() => g.Play(2), "none", "a move when there is none");
        g.Pass();
        Eq(g.BlackToMove + " " + g.Ply + " " + string.Join(" ", g.Moves()), "False 1 2", "white to move after the pass");
        ExpectMessage<InvalidOperationException>(() => g.Pass(), "has a move", "white may not pass");
        Eq(g.PlayRandom(rng), 2, "white's only move");
        Eq(g.IsOver + " " + g.MustPass + " " + g.Winner + " " + g.Score, "True False White -64", "the end: 0-3, the empties to white");
        Eq(g.RandomMove(rng) + " " + g.PlayRandom(rng) + " " + g.Ply, Kernels.NoMove + " " + Kernels.NoMove + " 2", "nothing to play at the end");
        ExpectMessage<InvalidOperationException>(() => g.Pass(), "over", "no pass at the end");
        g.Undo();
        g.Undo();
        Eq(g.ToText() + " " + g.MustPass, "OX" + new string('-', 62) + " X True", "undone, the pass too");
        // A draw with empty squares: 1-1, nobody can move.
        var d = new Game(1UL, 1UL << 63, false);
        Eq(d.IsOver + " " + d.Winner + " " + d.Score + " " + d.BlackDiscs + " " + d.WhiteDiscs + " " + d.Empties, "True Draw 0 1 1 62", "a drawn end");
    }

    /// The informational version of EdaxKernels.dll, which the package's build sets (null otherwise).
    static string PackageVersion()
    {
        var attrs = typeof(Library).Assembly.GetCustomAttributes(typeof(System.Reflection.AssemblyInformationalVersionAttribute), false);
        return attrs.Length == 0 ? null : ((System.Reflection.AssemblyInformationalVersionAttribute)attrs[0]).InformationalVersion;
    }

    /// Cargo.toml's [workspace.package] version: its first "version = " line.
    static string CargoVersion()
    {
        string cargo = Path.GetFullPath(Path.Combine(golden, "..", "..", "..", "Cargo.toml"));
        string line = File.ReadLines(cargo).First(l => l.StartsWith("version = \""));
        return line.Split('"')[1];
    }

    static string BookDir() { return Path.Combine(golden, "..", "book", "depth10"); }

    static Board After(params string[] moves)
    {
        var b = Board.Start;
        foreach (var m in moves) b = Kernels.Next(b, Sq(m));
        return b;
    }

    static int Sq(string name) { return (name[1] - '1') * 8 + (char.ToLowerInvariant(name[0]) - 'a'); }

    static string Show(BookMove[] moves) { return string.Join(" ", moves.Select(m => m.ToString())); }

    // tests/data/book/depth10/edax.dat, made by Edax 4.6 (scripts/golden/): the start as Edax's own `book
    // show` prints it (tests/data/book/depth10/show.txt: "Level: 2|Best score: +11 [+9, +13]|Moves: [D3:+11]
    // [C4:+11] [F5:+11] [E6:+11]"), random moves and lines, export and import, merge, negamax.
    static void BookQueries()
    {
        string startMoves = string.Join(" ", new[] { "d3", "c4", "f5", "e6" }.Select(m => Sq(m) + ":11"));
        using (var book = Book.Load(Path.Combine(BookDir(), "edax.dat")))
        {
            Eq(book.Count, 3837L, "positions (info.txt: Positions: 3837)");
            Eq(Show(book.Moves(Board.Start)), startMoves, "the start's moves");
            var e = book.Probe(Board.Start).Value;
            Eq(string.Join(",", e.Value, e.Lower, e.Upper, e.Level, e.Links), "11,9,13,2,4", "the start's entry");
            Eq(Show(book.Moves(After("d3"))), Sq("c3") + ":-11 " + Sq("c5") + ":-11 " + Sq("e3") + ":-15", "after d3 (show.txt)");
            var outside = new Board(Board.Start.Player | 1, Board.Start.Opponent);
            Eq(book.Probe(outside).HasValue, false, "a board not in the book");
            Eq(book.Moves(outside).Length, 0, "its moves");
            Eq(book.RandomMove(outside).HasValue, false, "its random move");
            Eq(string.Join(",", book.GameStats(outside)), "0,0,0,0", "its statistics");
            var picks = new HashSet<int>();
            for (ulong seed = 0; seed < 16; seed++)
            {
                book.Seed(seed);
                var m = book.RandomMove(Board.Start).Value;
                book.Seed(seed);
                Eq(book.RandomMove(Board.Start).Value.Move, m.Move, "the same seed, the same move");
                if (!startMoves.Split(' ').Contains(m.ToString())) throw new Exception("not a best book move: " + m);
                picks.Add(m.Move);
            }
            if (picks.Count < 2) throw new Exception("the generator always picks " + picks.First());
            var line = book.Line(Board.Start, Sq("d3"));
            Eq(line[0], Sq("d3"), "the line's first move");
            if (line.Length < 2) throw new Exception("a line of one move");
            var b = Board.Start;
            foreach (int x in line)
            {
                if ((Kernels.GetMoves(b.Player, b.Opponent) >> x & 1) == 0) throw new Exception("an illegal line move " + x);
                b = Kernels.Next(b, x);
            }
            Eq(string.Join(",", book.GameStats(Board.Start)), string.Join(",", e.Wins, e.Draws, e.Losses, e.Lines), "the start's statistics");
            if (!book.Info().Contains("Positions: 3837")) throw new Exception("info: " + book.Info());
            string tmp = Path.Combine(Path.GetTempPath(), "ek-book-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(tmp);
            try
            {
                book.Export(Path.Combine(tmp, "book.txt"));
                Eq(File.ReadAllText(Path.Combine(tmp, "book.txt")), File.ReadAllText(Path.Combine(BookDir(), "edax.txt")), "the export (edax.txt, Edax's)");
                using (var imported = Book.Import(Path.Combine(tmp, "book.txt")))
                {
                    Eq(imported.Count, book.Count, "the import's positions");
                    Eq(Show(imported.Moves(Board.Start)), startMoves, "the import's start");
                }
                File.WriteAllText(Path.Combine(tmp, "bad.txt"), "not a board\n");
                ExpectMessage(() => Book.Import(Path.Combine(tmp, "bad.txt")), -13, "bad.txt: byte 0: line 1", "a bad export line");
            }
            finally { Directory.Delete(tmp, true); }
            using (var merged = new Book(2, 50))
            {
                Eq(merged.Count, 0L, "a new book");
                merged.Merge(book);
                Eq(merged.Count, book.Count, "merged positions");
                // Edax's merge copies leaves and levels only: d3e3f6's leaf is c5 at +14 (show.txt).
                var m = merged.Probe(After("d3", "e3", "f6")).Value;
                Eq(string.Join(",", m.Links, m.LeafMove, m.LeafScore, m.Level), "0," + Sq("c5") + ",14,2", "a merged leaf");
                merged.Negamax();
            }
            book.Negamax();
            Eq(Show(book.Moves(Board.Start)), startMoves, "negamax of Edax's negamaxed book");
        }
    }

    static void ExpectMessage(Action a, int status, string part, string what)
    {
        try { a(); }
        catch (EdaxKernelsException e)
        {
            Eq(e.Status, status, what + " status");
            if (!e.Message.StartsWith("edax_kernels: ") || !e.Message.Contains(part))
                throw new Exception(what + ": message " + e.Message + ", want " + part);
            return;
        }
        throw new Exception(what + ": no EdaxKernelsException");
    }

    // Saved with the date stored in its header (bytes 10..16), or its own, the file comes back
    // byte for byte; a damaged copy is refused with its byte offset.
    static void BookFiles()
    {
        string file = Path.Combine(BookDir(), "edax.dat");
        byte[] data = File.ReadAllBytes(file);
        string tmp = Path.Combine(Path.GetTempPath(), "ek-book-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(tmp);
        try
        {
            using (var book = Book.Load(file))
            {
                int year = BitConverter.ToInt16(data, 10);
                book.Save(Path.Combine(tmp, "dated.dat"), year, data[12], data[13], data[14], data[15], data[16]);
                Eq(File.ReadAllBytes(Path.Combine(tmp, "dated.dat")).SequenceEqual(data), true, "saved with the file's date: the same bytes");
                book.Save(Path.Combine(tmp, "own.dat"));
                Eq(File.ReadAllBytes(Path.Combine(tmp, "own.dat")).SequenceEqual(data), true, "saved with its own date: the same bytes");
                book.Save(Path.Combine(tmp, "later.dat"), 2030, 12, 31, 23, 59, 58);
                var later = File.ReadAllBytes(Path.Combine(tmp, "later.dat"));
                Eq(BitConverter.ToInt16(later, 10) + "-" + later[12] + "-" + later[16], "2030-12-58", "another date");
                Eq(later.Skip(18).SequenceEqual(data.Skip(18)), true, "another date: the rest the same");
                ExpectStatus(() => book.Save(Path.Combine(tmp, "bad.dat"), 2030, 256, 1, 0, 0, 0), -2, "month 256");
            }
            File.WriteAllBytes(Path.Combine(tmp, "cut.dat"), data.Take(72).ToArray());
            ExpectMessage(() => Book.Load(Path.Combine(tmp, "cut.dat")), -13,
                "cut.dat: byte 72: truncated position record (starts at byte 42", "a truncated record");
            File.WriteAllBytes(Path.Combine(tmp, "short.dat"), data.Take(20).ToArray());
            ExpectMessage(() => Book.Load(Path.Combine(tmp, "short.dat")), -13, "short.dat: byte 20: truncated header", "a truncated header");
            ExpectMessage(() => Book.Load(Path.Combine(tmp, "missing.dat")), -6, "missing.dat", "a missing file");
        }
        finally { Directory.Delete(tmp, true); }
    }

    // Engine.Play from the start: with the book, a book move (as RandomMove picks it on the same
    // seed); without it, or with useBook false, the search.
    static void BookPlay()
    {
        var starts = new HashSet<int> { Sq("d3"), Sq("c4"), Sq("f5"), Sq("e6") };
        using (var book = Book.Load(Path.Combine(BookDir(), "edax.dat")))
        using (var engine = new Engine(null, 16))
        {
            var r = engine.Play(Board.Start, 2, book);
            if (!r.FromBook || !starts.Contains(r.Result.BestMove) || r.Result.Score != 11) throw new Exception("with the book: " + r);
            Eq(r.Result.Depth + "," + r.Result.Nodes + "," + r.Result.Pv[0], "0,0," + r.Result.BestMove, "a book move's result");
            foreach (int randomness in new[] { 0, 4 })
            {
                book.Seed(7);
                int m = book.RandomMove(Board.Start, randomness).Value.Move;
                book.Seed(7);
                Eq(engine.Play(Board.Start, 2, book, randomness).Result.BestMove, m, "the book's choice, randomness " + randomness);
            }
            var searched = engine.Play(Board.Start, 2);
            if (searched.FromBook || searched.Result.Nodes == 0 || searched.Result.Depth != 2) throw new Exception("without the book: " + searched);
            using (var fresh = new Engine(null, 16))
                Eq(searched.Result.BestMove, fresh.Search(Board.Start, 2).BestMove, "without the book: the search's move");
            Eq(engine.Play(Board.Start, 2, book, 0, false).FromBook, false, "useBook false");
            Eq(engine.Play(new Board(Board.Start.Player | 1, Board.Start.Opponent), 2, book).FromBook, false, "a board not in the book");
            ExpectStatus(() => engine.Play(Board.Start, 99, book), -2, "level 99 (checked even from the book)");
        }
    }

    static void Version()
    {
        string want = CargoVersion();
        Eq(PackageVersion(), want, "assembly informational version");
        Eq(typeof(Library).Assembly.GetName().Version.ToString(3), want, "assembly version");
        Eq(Kernels.Version, want, "library version");
    }

    static int Main(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("usage: Tests.exe GOLDEN_DIR LIBRARY_PATH");
            return 2;
        }
        golden = args[0];
        Run("a missing library is reported with the ways to find it", () =>
        {
            try
            {
                Library.Load("/nonexistent/libedax_kernels.so");
                throw new Exception("no error");
            }
            catch (EdaxKernelsException e)
            {
                if (!e.Message.Contains("/nonexistent/libedax_kernels.so") || !e.Message.Contains(Library.EnvVar))
                    throw new Exception("unclear message: " + e.Message);
            }
        });
        if (args[1] != "-")
        {
            Run("loading from an explicit path", () =>
            {
                Library.Load(args[1]);
                Eq(Library.LoadedFrom, args[1], "loaded from");
            });
        }
        else
        {
            Run("loading the default way", () =>
            {
                Eq(Kernels.Version.Length > 0, true, "version");
                string env = Environment.GetEnvironmentVariable(Library.EnvVar);
                string expected = Environment.GetEnvironmentVariable("EK_EXPECT_LIB");
                string system = Path.DirectorySeparatorChar == '\\' ? "edax_kernels.dll" : Library.FileName;
                Eq(Library.LoadedFrom, !string.IsNullOrEmpty(env) ? env : expected ?? system, "loaded from");
            });
        }
        if (PackageVersion() != null) Run("the package carries Cargo.toml's version", Version);
        string[] expectedLevels = ExpectedLevels();
        if (expectedLevels != null)
            Run("levels: the library's are those the CPU's flags allow", () => Levels(expectedLevels));
        else if (Environment.GetEnvironmentVariable("CI") == "true")
            Run("levels: the library's are those the CPU's flags allow", () =>
            {
                throw new Exception("no EDAX_KERNELS_EXPECTED_LEVELS, scripts/cpu-levels.sh or /proc/cpuinfo to compare with (CI=true)");
            });
        else
            Console.WriteLine("SKIPPED: csharp: the library's levels not compared with the CPU's (no EDAX_KERNELS_EXPECTED_LEVELS, scripts/cpu-levels.sh or /proc/cpuinfo)");
        Run("flip (every level, single and batch)", Flip);
        Run("board_next (single and batch, in place)", BoardNext);
        Run("moves and mobility (every level, single and batch)", Moves);
        Run("stability (every level, single and batch)", Stability);
        Run("count_last_flip (every level, single and batch)", LastFlip);
        Run("hash (single and batch)", Hash);
        Run("symmetry and unique", SymmetryAndUnique);
        Run("perft 6..8 (ek_perft and walked with batch calls)", Perft);
        Run("errors and edge cases", Errors);
        Run("evaluation: eval.txt replayed (every level, file and bytes)", EvalReplay);
        Run("evaluation: bad loads, bad arguments, unload", EvalErrors);
        Run("solver: fforum-1-19 to the published scores", SolverFforum);
        Run("solver: a batch equals single solves", SolverBatch);
        Run("solver: stopped from another thread, busy, node limit", SolverStop);
        Run("solver: threads (2 against 1, refused counts)", SolverThreads);
        Run("solver: eval ordering (refused without weights, the same scores)", SolverEval);
        Run("solver: bad arguments, Dispose", SolverErrors);
        Run("solve_shallow: shallow.txt", SolveShallow);
        Run("evaluation: the library's own weights (EvalLoadDefault), then a solver's ordering", EvalDefault);
        Run("solver: SolveMany equals single solves on windows (-64, 64), (-1, 1), (-3, 3)", SolveManyWindows);
        Run("solver: SolveMany reports an overlapping position and a node limit's stop per position", SolveManyPartial);
        Run("solver: SolveMany stopped from another thread, busy", SolveManyStopBusy);
        Run("solver: SolveMany's bad arguments, Dispose", SolveManyErrors);
        Run("game: random games checked against the kernels and the solver, undone to the start", GameRandom);
        Run("game: the first problem of Edax's set (legal moves, solved)", GameKnown);
        Run("game: text and obf round trips", GameText);
        Run("game: bad moves, passes, undo and text refused", GameErrors);
        Run("game: passes and the end", GamePass);
        Run("engine: a game against itself at level 5 (legal moves, exact scores the solver's)", () => EngineGame(1, 5));
        Run("engine: a game against itself at level 8 on two threads (the same checks)", () => EngineGame(2, 8));
        Run("engine: node and time limits, Stop from another thread, analysis, bad arguments", EngineLimits);
        Run("book: Edax's edax.dat (the start as Edax shows it, random moves, lines, export and import, merge, negamax)", BookQueries);
        Run("book: saved back byte for byte, damaged files refused with the byte offset", BookFiles);
        Run("book: Engine.Play with and without the book", BookPlay);
        Console.WriteLine("level " + Kernels.Isa);
        Console.WriteLine("csharp: {0} passed, {1} failed", passed, failed);
        return failed == 0 ? 0 : 1;
    }
}
