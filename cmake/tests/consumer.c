/*
 * What a consumer project builds against the library (scripts/test-cmake.sh builds it with
 * find_package, pkg-config and add_subdirectory): known answers from Edax 4.6
 * (tests/data/golden) through the public header. Exits 0 when all agree.
 * Usage: consumer [EXPECTED_VERSION]
 */
#include <edax_kernels.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const EkBoard start = { 0x0000000810000000ULL, 0x0000001008000000ULL };
    EkBoard next;
    int failed = 0;

    failed |= ek_get_moves(start.player, start.opponent) != 0x0000102004080000ULL;
    failed |= ek_board_next(&start, 19 /* D3 */, &next) != 0x0000000008000000ULL;
    failed |= next.opponent != 0x0000000818080000ULL;
    failed |= ek_perft(start.player, start.opponent, 5) != 1396;
    failed |= ek_board_get_hash_code(&start) != 0x79660235a176709eULL;
    failed |= strcmp(ek_version(), EK_VERSION_STRING) != 0;
    if (argc > 1) failed |= strcmp(ek_version(), argv[1]) != 0;
    printf("edax_kernels %s, level %s: %s\n", ek_version(), ek_isa(), failed ? "FAILED" : "ok");
    return failed;
}
