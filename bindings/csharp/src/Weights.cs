using System;

namespace EdaxKernels
{
    /// <summary>
    /// Evaluation weights in Edax's format (an eval.dat), shared by the engines given them; the
    /// memory (about 64 MB) goes with the last engine or Weights holding it.
    /// </summary>
    public sealed class Weights : IDisposable
    {
        internal readonly WeightsHandle Handle;

        static Weights()
        {
            Library.EnsureLoaded();
        }

        Weights(WeightsHandle handle, int status)
        {
            Handle = handle;
            if (handle.IsInvalid)
            {
                handle.Dispose();
                Kernels.Check(status < 0 ? status : Kernels.ErrInternal);
            }
        }

        /// <summary>The project's own weights (data/ek-eval.dat), built into the library.</summary>
        public static Weights Bundled()
        {
            int status;
            var h = Native.ek_weights_load_default(out status);
            return new Weights(h, status);
        }

        /// <summary>The weights of an eval.dat file; throws EK_ERR_IO, EK_ERR_EVAL_FORMAT or EK_ERR_EVAL_SIZE.</summary>
        public static Weights FromFile(string path)
        {
            if (path == null) throw new ArgumentNullException("path");
            int status;
            var h = Native.ek_weights_load_file(System.Text.Encoding.UTF8.GetBytes(path + "\0"), out status);
            return new Weights(h, status);
        }

        /// <summary>The weights of the bytes of an eval.dat (copied); throws EK_ERR_EVAL_FORMAT or EK_ERR_EVAL_SIZE.</summary>
        public static Weights FromBytes(byte[] data)
        {
            if (data == null) throw new ArgumentNullException("data");
            int status;
            var h = Native.ek_weights_load_buffer(data, (UIntPtr)data.Length, out status);
            return new Weights(h, status);
        }

        /// <summary>Gives back this hold (engines made with the weights keep theirs).</summary>
        public void Dispose() { Handle.Dispose(); }
    }
}
