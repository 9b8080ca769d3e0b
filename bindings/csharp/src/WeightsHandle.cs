using Microsoft.Win32.SafeHandles;

namespace EdaxKernels
{
    /// <summary>An EkWeights hold: given back once.</summary>
    sealed class WeightsHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        internal WeightsHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.ek_weights_free(handle);
            return true;
        }
    }
}
