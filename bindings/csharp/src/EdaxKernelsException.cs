using System;

namespace EdaxKernels
{
    /// <summary>An error reported by the library (a status code) or by loading it.</summary>
    public class EdaxKernelsException : Exception
    {
        /// <summary>The EK_* status code (0 when the library could not be loaded).</summary>
        public int Status { get; private set; }

        public EdaxKernelsException(string message, int status = 0) : base(message) { Status = status; }
    }
}
