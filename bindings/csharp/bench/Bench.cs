// Per-call cost of Kernels.Flip from C# (mono), and per-board cost of Kernels.FlipBatch, on the
// records of a flip.txt golden file, with the NuGet package's library (found beside
// EdaxKernels.dll). Prints "csharp <single ns/call> <batch ns/board> <checksum>".
// Usage: mono Bench.exe FLIP_TXT

using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using EdaxKernels;

static class Bench
{
    const int Samples = 11;
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

    static int Main(string[] args)
    {
        var recs = File.ReadLines(args[0]).Where(l => !l.StartsWith("#")).Select(l => l.Split(' ')).ToArray();
        xs = recs.Select(r => int.Parse(r[2])).ToArray();
        ps = recs.Select(r => ulong.Parse(r[0], NumberStyles.HexNumber)).ToArray();
        os = recs.Select(r => ulong.Parse(r[1], NumberStyles.HexNumber)).ToArray();
        result = new ulong[xs.Length];
        double a = PerBoard(Single), b = PerBoard(Batch);
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "csharp {0:F2} {1:F2} {2}", a, b, sink));
        return 0;
    }
}
