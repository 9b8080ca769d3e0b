# Sourced: the one definition of "Wine is here", for scripts/setup.sh (which installs Wine when
# this finds none) and scripts/cross/wine-env.sh (which runs it). Sets WINE, the loader to run a
# Windows program with, and WINESERVER, its server (both exported: Wine reads WINESERVER and,
# for a loader run directly, WINELOADER); returns 1 when either is missing.
# Debian's wine64 package alone (installed without its recommended `wine`) has no command on
# PATH, only /usr/lib/wine/wine64 and /usr/lib/wine/wineserver64: they are run directly, as
# the `wine` package's wrapper script runs them.
# shellcheck shell=bash
ek_find_wine() {
    WINE=$(command -v wine64 || command -v wine || true)
    if [ -z "$WINE" ] && [ -x /usr/lib/wine/wine64 ]; then
        WINE=/usr/lib/wine/wine64
        export WINELOADER=${WINELOADER:-$WINE}
    fi
    WINESERVER=$(command -v wineserver || true)
    for server in /usr/lib/wine/wineserver64 /usr/lib/wine/wineserver; do
        if [ -z "$WINESERVER" ] && [ -x "$server" ]; then WINESERVER=$server; fi
    done
    export WINE WINESERVER
    if [ -n "$WINE" ] && [ -n "$WINESERVER" ]; then return 0; fi
    return 1
}
