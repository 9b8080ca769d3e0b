/*
 * A stand-in for Windows' bcryptprimitives.dll, for running Rust-built Windows programs under
 * Wine 8 (Debian 12), which lacks it: Rust's standard library imports ProcessPrng from it (for
 * HashMap's random keys). ProcessPrng fills the buffer from advapi32's RtlGenRandom
 * (SystemFunction036), which Wine has. Built by scripts/cross/wine-env.sh; never shipped.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG part = length > 0x40000000 ? 0x40000000 : (ULONG) length;
        if (!SystemFunction036(data, part)) return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
