using Microsoft.Win32.SafeHandles;

namespace EdaxKernels
{
    /// <summary>An EkSolver: freed once, after the native calls using it have returned.</summary>
    sealed class SolverHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        internal SolverHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.ek_solver_free(handle);
            return true;
        }
    }
}
