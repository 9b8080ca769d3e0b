// C# binding of edax-kernels (include/edax_kernels.h) through P/Invoke, for Linux (x86-64,
// ARM64) and Windows (x86-64): one type a file, in bindings/csharp/src/ (Library.cs says how the
// library is found, Imports.cs how the P/Invoke declarations bind to it).
//
// Conventions as in C: A1 = bit 0 ... H8 = bit 63, Board.Player is the side to move.

using System;
using System.Runtime.InteropServices;

namespace EdaxKernels
{
    /// <summary>
    /// The kernels (Edax 4.6 semantics, bit-exact; see include/edax_kernels.h for each one's
    /// definition on any input). Batch methods take arrays of equal length: squares, players,
    /// opponents, and the result array(s), and run the kernel on every board in one native call.
    /// </summary>
    public static class Kernels
    {
        /// <summary>The pass move.</summary>
        public const int Pass = 64;
        /// <summary>"No move".</summary>
        public const int NoMove = 65;

        /// <summary>The score of a position not solved (EK_SCORE_NONE), outside every score (-64..64).</summary>
        public const int ScoreNone = 32767;

        internal const int ErrRange = -2, ErrInternal = -5, ErrNoMemory = -10, ErrStopped = -11;

        static Kernels()
        {
            Library.EnsureLoaded();
        }

        static string Str(IntPtr s) { return Marshal.PtrToStringAnsi(s); }

        internal static void Check(int status)
        {
            if (status < 0) throw new EdaxKernelsException("edax_kernels: " + Str(Native.ek_status_message(status)), status);
        }

        /// <summary>The library version, "MAJOR.MINOR.PATCH".</summary>
        public static string Version { get { return Str(Native.ek_version()); } }

        /// <summary>The active instruction-set level: "portable", "sse2", "avx2", "avx512" or "neon".</summary>
        public static string Isa { get { return Str(Native.ek_isa()); } }

        /// <summary>Whether this CPU can run the named level (throws for an unknown name).</summary>
        public static bool IsaSupported(string name)
        {
            int r = Native.ek_isa_supported(name);
            Check(r);
            return r == 1;
        }

        /// <summary>Makes the named level the active one (throws when unknown or unsupported).</summary>
        public static void SetIsa(string name) { Check(Native.ek_set_isa(name)); }

        /// <summary>Discs flipped when the side to move (p) plays x against o.</summary>
        public static ulong Flip(int x, ulong p, ulong o) { return Native.ek_flip(x, p, o); }

        /// <summary>The position after the side to move plays x (a pass when x is not 0..63).</summary>
        public static Board Next(Board board, int x)
        {
            Board next;
            Native.ek_board_next(ref board, x, out next);
            return next;
        }

        /// <summary>Twice the discs p flips by playing x when every other square is the opponent's.</summary>
        public static int CountLastFlip(int x, ulong p) { return Native.ek_count_last_flip(x, p); }

        /// <summary>Edax 4.4's board_score_1 (score for the side not to move, lazy cut-off at beta).</summary>
        public static int BoardScore1(Board board, int beta, int x) { return Native.ek_board_score_1(ref board, beta, x); }

        /// <summary>The exact score of BoardScore1, without cut-off.</summary>
        public static int BoardScore1Exact(Board board, int x) { return Native.ek_board_score_1_exact(ref board, x); }

        /// <summary>Bitboard of the legal moves of p against o.</summary>
        public static ulong GetMoves(ulong p, ulong o) { return Native.ek_get_moves(p, o); }

        /// <summary>Whether p has a legal move.</summary>
        public static bool CanMove(ulong p, ulong o) { return Native.ek_can_move(p, o); }

        /// <summary>The number of legal moves.</summary>
        public static int GetMobility(ulong p, ulong o) { return Native.ek_get_mobility(p, o); }

        /// <summary>The number of legal moves, corners counted twice.</summary>
        public static int GetWeightedMobility(ulong p, ulong o) { return Native.ek_get_weighted_mobility(p, o); }

        /// <summary>Edax's potential mobility (corners counted twice).</summary>
        public static int GetPotentialMobility(ulong p, ulong o) { return Native.ek_get_potential_mobility(p, o); }

        /// <summary>Edax's lower bound of the number of stable discs of p.</summary>
        public static int GetStability(ulong p, ulong o) { return Native.ek_get_stability(p, o); }

        /// <summary>The number of stable discs of p on the edges.</summary>
        public static int GetEdgeStability(ulong p, ulong o) { return Native.ek_get_edge_stability(p, o); }

        /// <summary>Owned corners plus owned edge squares next to an owned corner.</summary>
        public static int GetCornerStability(ulong p) { return Native.ek_get_corner_stability(p); }

        /// <summary>Edax 4.6's board hash code (CRC-32C of both bitboards).</summary>
        public static ulong HashCode(Board board) { return Native.ek_board_get_hash_code(ref board); }

        /// <summary>The board under symmetry s (0..7; throws otherwise).</summary>
        public static Board Symmetry(Board board, int s)
        {
            Board sym;
            Check(Native.ek_board_symetry(ref board, s, out sym));
            return sym;
        }

        /// <summary>The smallest of the 8 symmetric boards, and the symmetry giving it.</summary>
        public static Board Unique(Board board, out int symmetry)
        {
            Board unique;
            symmetry = Native.ek_board_unique(ref board, out unique);
            Check(symmetry);
            return unique;
        }

        /// <summary>The number of set bits.</summary>
        public static int BitCount(ulong b) { return Native.ek_bit_count(b); }

        /// <summary>Perft, Edax's convention: nodes depth plies below the board.</summary>
        public static ulong Perft(Board board, int depth) { return Native.ek_perft(board.Player, board.Opponent, depth); }

        /// <summary>Perft, the published convention (a finished game counts at every deeper ply).</summary>
        public static ulong PerftTerminal(Board board, int depth) { return Native.ek_perft_terminal(board.Player, board.Opponent, depth); }

        /// The common length of the arrays of a batch call.
        internal static int Length(params Array[] arrays)
        {
            foreach (Array a in arrays)
            {
                if (a == null) throw new ArgumentNullException("arrays", "a batch array is null");
                if (a.Length != arrays[0].Length) throw new ArgumentException("batch arrays must have equal lengths");
            }
            return arrays[0].Length;
        }

        internal static UIntPtr N(int length) { return new UIntPtr((uint)length); }

        /// <summary>result[i] = Flip(xs[i], ps[i], os[i]).</summary>
        public static void FlipBatch(int[] xs, ulong[] ps, ulong[] os, ulong[] result)
        {
            Check(Native.ek_flip_batch(N(Length(xs, ps, os, result)), xs, ps, os, result));
        }

        /// <summary>Flip of every board, in a new array.</summary>
        public static ulong[] FlipBatch(int[] xs, ulong[] ps, ulong[] os)
        {
            var r = new ulong[Length(xs, ps, os)];
            FlipBatch(xs, ps, os, r);
            return r;
        }

        /// <summary>Plays xs[i] on (ps[i], os[i]) into (nextPs[i], nextOs[i]); the outputs may be the inputs.</summary>
        public static void NextBatch(int[] xs, ulong[] ps, ulong[] os, ulong[] nextPs, ulong[] nextOs)
        {
            Check(Native.ek_board_next_batch(N(Length(xs, ps, os, nextPs, nextOs)), xs, ps, os, nextPs, nextOs));
        }

        /// <summary>result[i] = CountLastFlip(xs[i], ps[i]).</summary>
        public static void CountLastFlipBatch(int[] xs, ulong[] ps, int[] result)
        {
            Check(Native.ek_count_last_flip_batch(N(Length(xs, ps, result)), xs, ps, result));
        }

        /// <summary>CountLastFlip of every board, in a new array.</summary>
        public static int[] CountLastFlipBatch(int[] xs, ulong[] ps)
        {
            var r = new int[Length(xs, ps)];
            CountLastFlipBatch(xs, ps, r);
            return r;
        }

        /// <summary>result[i] = GetMoves(ps[i], os[i]).</summary>
        public static void GetMovesBatch(ulong[] ps, ulong[] os, ulong[] result)
        {
            Check(Native.ek_get_moves_batch(N(Length(ps, os, result)), ps, os, result));
        }

        /// <summary>GetMoves of every board, in a new array.</summary>
        public static ulong[] GetMovesBatch(ulong[] ps, ulong[] os)
        {
            var r = new ulong[Length(ps, os)];
            GetMovesBatch(ps, os, r);
            return r;
        }

        /// <summary>result[i] = GetMobility(ps[i], os[i]).</summary>
        public static void GetMobilityBatch(ulong[] ps, ulong[] os, int[] result)
        {
            Check(Native.ek_get_mobility_batch(N(Length(ps, os, result)), ps, os, result));
        }

        /// <summary>GetMobility of every board, in a new array.</summary>
        public static int[] GetMobilityBatch(ulong[] ps, ulong[] os)
        {
            var r = new int[Length(ps, os)];
            GetMobilityBatch(ps, os, r);
            return r;
        }

        /// <summary>result[i] = GetStability(ps[i], os[i]).</summary>
        public static void GetStabilityBatch(ulong[] ps, ulong[] os, int[] result)
        {
            Check(Native.ek_get_stability_batch(N(Length(ps, os, result)), ps, os, result));
        }

        /// <summary>GetStability of every board, in a new array.</summary>
        public static int[] GetStabilityBatch(ulong[] ps, ulong[] os)
        {
            var r = new int[Length(ps, os)];
            GetStabilityBatch(ps, os, r);
            return r;
        }

        /// <summary>result[i] = HashCode(new Board(ps[i], os[i])).</summary>
        public static void HashCodeBatch(ulong[] ps, ulong[] os, ulong[] result)
        {
            Check(Native.ek_board_get_hash_code_batch(N(Length(ps, os, result)), ps, os, result));
        }

        /// <summary>HashCode of every board, in a new array.</summary>
        public static ulong[] HashCodeBatch(ulong[] ps, ulong[] os)
        {
            var r = new ulong[Length(ps, os)];
            HashCodeBatch(ps, os, r);
            return r;
        }
    
        /// <summary>
        /// Loads evaluation weights from an Edax eval.dat file; they replace the weights in use
        /// (shared by every thread and every Eval). Throws EdaxKernelsException (Status
        /// EK_ERR_IO -6, EK_ERR_EVAL_FORMAT -7, EK_ERR_EVAL_SIZE -8, ...) and keeps the weights
        /// in use when the file cannot be read or is not an Edax eval file.
        /// </summary>
        public static void EvalLoadFile(string path)
        {
            if (path == null) throw new ArgumentNullException("path");
            byte[] bytes = System.Text.Encoding.UTF8.GetBytes(path + "\0");
            Check(Native.ek_eval_load_file(bytes));
        }

        /// <summary>Loads evaluation weights from the bytes of an eval.dat (see EvalLoadFile).</summary>
        public static void EvalLoadBytes(byte[] data)
        {
            if (data == null) throw new ArgumentNullException("data");
            Check(Native.ek_eval_load_buffer(data, new UIntPtr((ulong)data.LongLength)));
        }

        /// <summary>
        /// Loads the project's own evaluation weights, which the native library carries (every
        /// package has them: no file is needed), as EvalLoadFile would load that file. Takes about
        /// 0.1 s the first time (they are stored compressed); loading them again reuses them.
        /// Throws EdaxKernelsException (Status EK_ERR_NO_MEMORY, -10) and keeps the weights in
        /// use when they cannot be unpacked.
        /// </summary>
        public static void EvalLoadDefault()
        {
            Check(Native.ek_eval_load_default());
        }

        /// <summary>
        /// Edax 4.6's endgame leaf search (search_shallow) on the null window (alpha, alpha + 1):
        /// returns the fail-soft score for the side to move, and Edax's node count in
        /// <paramref name="nodes"/>. Throws EK_ERR_RANGE (-2) for more than 10 empty squares.
        /// </summary>
        public static int SolveShallow(Board board, int alpha, out long nodes)
        {
            nodes = 0;
            int score = Native.ek_solve_shallow(ref board, alpha, ref nodes);
            if (score == ScoreNone) Check(ErrRange);
            return score;
        }

        /// <summary>Whether evaluation weights are loaded.</summary>
        public static bool EvalLoaded { get { return Native.ek_eval_loaded() == 1; } }

        /// <summary>Stops using the loaded weights (Accumulate then throws until the next load).</summary>
        public static void EvalUnload() { Native.ek_eval_unload(); }
    }
}
