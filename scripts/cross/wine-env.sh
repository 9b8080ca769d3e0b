# Sourced by the Windows scripts (scripts/test-windows.sh, ...): what running Rust-built and
# MinGW-built Windows programs under Wine needs. Sets WINE (the command) and WINESERVER
# (scripts/cross/find-wine.sh, setup's definition too), WINEPREFIX (a prefix
# of this repository's own, under target/, made on first use), WINEDEBUG=-all and WINEPATH, a
# folder holding the bcryptprimitives.dll stand-in (scripts/cross/bcryptprimitives.c: Wine 8
# lacks the DLL, whose ProcessPrng every Rust-built .exe imports).
# shellcheck shell=bash
_cross_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=find-wine.sh
source "$_cross_root/scripts/cross/find-wine.sh"
ek_find_wine || { echo "wine-env: no wine loader and server (scripts/setup.sh installs the packages wine64 and wine)" >&2; return 1; }
export WINEPREFIX=${WINEPREFIX:-$_cross_root/target/cross/wineprefix}
export WINEDEBUG=${WINEDEBUG:--all}
_wine_dlls=$_cross_root/target/cross/wine-dlls
if [ ! -f "$_wine_dlls/bcryptprimitives.dll" ] \
    || [ "$_cross_root/scripts/cross/bcryptprimitives.c" -nt "$_wine_dlls/bcryptprimitives.dll" ]; then
    mkdir -p "$_wine_dlls"
    x86_64-w64-mingw32-gcc -O2 -shared -o "$_wine_dlls/bcryptprimitives.dll" \
        "$_cross_root/scripts/cross/bcryptprimitives.c" -ladvapi32
fi
export WINEPATH=$(winepath_dir=$_wine_dlls; echo "Z:${winepath_dir//\//\\}")
if [ ! -d "$WINEPREFIX/drive_c" ]; then
    mkdir -p "$WINEPREFIX"
    "$WINE" wineboot --init >/dev/null 2>&1 || true
    "$WINESERVER" -w 2>/dev/null || true
fi
# One server for the prefix, kept 60 s after its last client (started here unless one runs
# already, then this says so and is ignored): the many short programs of the tests then talk to
# one server instead of each starting one that shuts down 3 s after it is left. A client that
# connects as such a server shuts down fails with "wine client error:0: recvmsg: Connection reset
# by peer": seen once (2026-11-26), in the C tests under Wine. Seen again on 2026-11-27 with this
# server in place (solver_api under EDAX_KERNELS_ISA=avx2: its checks all passed, then the error
# as the process ended, exit status not 0; the rerun passed): the idle shutdown does not explain
# it all. Not found yet (a thread of the process still exiting when it ends is one suspect). Seen
# a third time on 2026-11-27 at the start of a Rust test program, before it printed anything: the
# Rust tests' runner under Wine (wine-run.sh) runs such a program once more, and says so.
"$WINESERVER" -p60 2>/dev/null || true
