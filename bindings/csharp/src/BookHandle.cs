using Microsoft.Win32.SafeHandles;

namespace EdaxKernels
{
    /// <summary>An EkBook: freed once, after the native calls using it have returned.</summary>
    sealed class BookHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        internal BookHandle() : base(true) { }

        /// <summary>No book (NULL), for ek_engine_play without one: invalid, so never released.</summary>
        internal static readonly BookHandle None = new BookHandle();

        protected override bool ReleaseHandle()
        {
            Native.ek_book_free(handle);
            return true;
        }
    }
}
