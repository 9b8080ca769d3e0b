using Microsoft.Win32.SafeHandles;

namespace EdaxKernels
{
    /// <summary>An EkEngine: freed once, after the native calls using it have returned.</summary>
    sealed class EngineHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        internal EngineHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.ek_engine_free(handle);
            return true;
        }
    }
}
