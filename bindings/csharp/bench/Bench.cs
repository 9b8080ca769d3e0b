// Per-call cost of Kernels.Flip from C# (mono), and per-board cost of Kernels.FlipBatch, on the
// records of a flip.txt golden file, with the NuGet package's library (found beside
// EdaxKernels.dll); then the cost per position of Solver.SolveBatch on the first 200 positions of
// eval.txt with at most 14 empty squares, as bindings/c/bench/bench.c measures it; the engine's
// level-10 searches; and a random Game from the start to the end. Prints "csharp <single
// ns/call> <batch ns/board> <checksum>", "csharp-solve <batch us/position> <checksum>",
// "csharp-engine <ms/position> <checksum>" and "csharp-game <us/game> <plies/game>".
// Usage: mono Bench.exe FLIP_TXT EVAL_TXT

using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using EdaxKernels;

static class Bench
{
    const int Samples = 11, Solves = 200, SolveSamples = 3, SolvePasses = 10, MaxEmpties = 14;
    static int[] xs;
    static ulong[] ps, os, result;
    static ulong sink;

    static void Single()
    {
        ulong s = 0;
        for (int i = 0; i < xs.Length; i++) s += Kernels.Flip(xs[i], ps[i], os[i]);
        sink += s;
    }

    static void Batch()
    {
        Kernels.FlipBatch(xs, ps, os, result);
        sink += result[result.Length - 1];
    }

    /// Median over Samples of the time per board of f, each sample repeating f for >= 20 ms.
    static double PerBoard(Action f)
    {
        int reps = 1;
        for (;; reps *= 2)
        {
            var w = Stopwatch.StartNew();
            for (int r = 0; r < reps; r++) f();
            if (w.Elapsed.TotalSeconds >= 0.02) break;
        }
        var t = new double[Samples];
        for (int s = 0; s < Samples; s++)
        {
            var w = Stopwatch.StartNew();
            for (int r = 0; r < reps; r++) f();
            t[s] = w.Elapsed.TotalSeconds / reps / xs.Length * 1e9;
        }
        Array.Sort(t);
        return t[Samples / 2];
    }

    /// Median over SolveSamples of the time per position of one SolveBatch call on the first
    /// Solves positions of eval.txt with at most MaxEmpties empty squares, each sample SolvePasses
    /// calls on a cleared table (the clearing not timed); and the sum of 100 * score + move.
    static string SolveBatch(string evalTxt)
    {
        var boards = File.ReadLines(evalTxt).Where(l => !l.StartsWith("#")).Select(l => l.Split(' '))
            .Select(r => new Board(ulong.Parse(r[0], NumberStyles.HexNumber), ulong.Parse(r[1], NumberStyles.HexNumber)))
            .Where(b => 64 - Kernels.BitCount(b.Player | b.Opponent) <= MaxEmpties).Take(Solves).ToArray();
        ulong[] sps = boards.Select(b => b.Player).ToArray(), sos = boards.Select(b => b.Opponent).ToArray();
        int[] scores = new int[Solves], moves = new int[Solves];
        var t = new double[SolveSamples];
        using (var solver = new Solver(20))
        {
            for (int s = 0; s < SolveSamples; s++)
            {
                for (int r = 0; r < SolvePasses; r++)
                {
                    solver.Clear();
                    var w = Stopwatch.StartNew();
                    solver.SolveBatch(sps, sos, scores, moves);
                    t[s] += w.Elapsed.TotalSeconds / SolvePasses / Solves * 1e6;
                }
            }
        }
        Array.Sort(t);
        long check = 0;
        for (int i = 0; i < Solves; i++) check += 100L * scores[i] + moves[i];
        return string.Format(CultureInfo.InvariantCulture, "csharp-solve {0:F2} {1}", t[SolveSamples / 2], check);
    }

    /// Median over SolveSamples of the time per level-10 search (Engine.Search, the built-in
    /// weights, a table of 2^20 entries cleared before each search, not timed) of the first 40
    /// positions of eval.txt with at least 24 empty squares; and the sum of 100 * score + move + nodes.
    static string EngineSearches(string evalTxt)
    {
        var boards = File.ReadLines(evalTxt).Where(l => !l.StartsWith("#")).Select(l => l.Split(' '))
            .Select(r => new Board(ulong.Parse(r[0], NumberStyles.HexNumber), ulong.Parse(r[1], NumberStyles.HexNumber)))
            .Where(b => 64 - Kernels.BitCount(b.Player | b.Opponent) >= 24).Take(40).ToArray();
        var t = new double[SolveSamples];
        long check = 0;
        using (var engine = new Engine(null, 20))
        {
            for (int s = 0; s < SolveSamples; s++)
            {
                check = 0;
                foreach (var b in boards)
                {
                    engine.Clear();
                    var w = Stopwatch.StartNew();
                    var r = engine.Search(b, 10);
                    t[s] += w.Elapsed.TotalSeconds / boards.Length * 1e3;
                    check += 100L * r.Score + r.BestMove + r.Nodes;
                }
            }
        }
        Array.Sort(t);
        return string.Format(CultureInfo.InvariantCulture, "csharp-engine {0:F3} {1}", t[SolveSamples / 2], check);
    }

    /// The time per random game from the start to the end (PlayRandom until NoMove), best of 5
    /// rounds of 2000 games after a warm-up round; and the plies per game.
    static string RandomGames()
    {
        var rng = new Random(12345);
        const int games = 2000;
        double best = double.MaxValue;
        long plies = 0;
        for (int round = 0; round < 6; round++)
        {
            plies = 0;
            var clock = Stopwatch.StartNew();
            for (int i = 0; i < games; i++)
            {
                var g = new Game();
                while (g.PlayRandom(rng) != Kernels.NoMove) { }
                plies += g.Ply;
            }
            double us = clock.Elapsed.TotalMilliseconds * 1000 / games;
            if (round > 0) best = Math.Min(best, us);  // round 0: warm-up
        }
        return string.Format(CultureInfo.InvariantCulture, "csharp-game {0:F2} {1:F1}", best, (double)plies / games);
    }

    static int Main(string[] args)
    {
        var recs = File.ReadLines(args[0]).Where(l => !l.StartsWith("#")).Select(l => l.Split(' ')).ToArray();
        xs = recs.Select(r => int.Parse(r[2])).ToArray();
        ps = recs.Select(r => ulong.Parse(r[0], NumberStyles.HexNumber)).ToArray();
        os = recs.Select(r => ulong.Parse(r[1], NumberStyles.HexNumber)).ToArray();
        result = new ulong[xs.Length];
        double a = PerBoard(Single), b = PerBoard(Batch);
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "csharp {0:F2} {1:F2} {2}", a, b, sink));
        Console.WriteLine(SolveBatch(args[1]));
        Console.WriteLine(EngineSearches(args[1]));
        Console.WriteLine(RandomGames());
        return 0;
    }
}
