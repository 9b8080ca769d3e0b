using System;

namespace EdaxKernels
{
    /// <summary>
    /// Edax's Eval: the pattern features along a line of play, evaluated with the weights that
    /// Kernels.EvalLoadFile, EvalLoadBytes or EvalLoadDefault loaded. Set(board) starts a line,
    /// Update(x, flipped) plays a move, Pass() a pass, Restore() takes a move back, and
    /// Accumulate() gives the raw sum of the weights of the current position. Owns native memory:
    /// Dispose it (or leave it to the finalizer). Not for use by two threads at once.
    /// </summary>
    public sealed class Eval : IDisposable
    {
        EvalState state;

        static Eval()
        {
            Library.EnsureLoaded();
        }

        /// <summary>A new evaluation state (call Set before evaluating).</summary>
        public Eval()
        {
            Kernels.Check(Native.ek_eval_init(ref state));
        }

        /// <summary>A new evaluation state set to <paramref name="board"/>.</summary>
        public Eval(Board board) : this()
        {
            Set(board);
        }

        void Live()
        {
            if (state.Feature == IntPtr.Zero) throw new ObjectDisposedException("Eval");
        }

        /// <summary>Starts from <paramref name="board"/> (side to move first); throws for more than 60 empty squares.</summary>
        public void Set(Board board)
        {
            Live();
            Kernels.Check(Native.ek_eval_set(ref state, ref board));
        }

        /// <summary>The side to move plays <paramref name="x"/>, flipping <paramref name="flipped"/>.</summary>
        public void Update(int x, ulong flipped)
        {
            Live();
            var move = new Move { X = x, Flipped = flipped };
            Kernels.Check(Native.ek_eval_update(ref state, ref move));
        }

        /// <summary>Takes back the last Update (throws when there is none).</summary>
        public void Restore()
        {
            Live();
            Kernels.Check(Native.ek_eval_restore(ref state));
        }

        /// <summary>The side to move passes (or a pass is taken back).</summary>
        public void Pass()
        {
            Live();
            Kernels.Check(Native.ek_eval_pass(ref state));
        }

        /// <summary>The raw sum of the weights of the current position (throws EK_ERR_EVAL_NONE, -9, without weights).</summary>
        public int Accumulate()
        {
            Live();
            int sum;
            Kernels.Check(Native.ek_eval_accumulate_checked(ref state, out sum));
            return sum;
        }

        /// <summary>60 minus the empty squares of the current position.</summary>
        public int Ply { get { return state.Ply; } }

        /// <summary>0 when the side to move is the one of Set's board, else 1.</summary>
        public int Player { get { return state.Player; } }

        /// <summary>Frees the native memory (again: nothing).</summary>
        public void Dispose()
        {
            Free();
            GC.SuppressFinalize(this);
        }

        ~Eval()
        {
            Free();
        }

        void Free()
        {
            if (state.Feature != IntPtr.Zero) Native.ek_eval_free(ref state);
        }
    }
}
