# Sourced by the Windows scripts (scripts/test-windows.sh, ...): what running Rust-built and
# MinGW-built Windows programs under Wine needs. Sets WINE (the command), WINEPREFIX (a prefix
# of this repository's own, under target/, made on first use), WINEDEBUG=-all and WINEPATH, a
# folder holding the bcryptprimitives.dll stand-in (scripts/cross/bcryptprimitives.c: Wine 8
# lacks the DLL, whose ProcessPrng every Rust-built .exe imports).
# shellcheck shell=bash
_cross_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WINE=$(command -v wine64 || command -v wine || true)
[ -n "$WINE" ] || { echo "wine-env: no wine (scripts/setup.sh installs wine64)" >&2; return 1; }
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
    wineserver -w 2>/dev/null || true
fi
