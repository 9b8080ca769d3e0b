//! Table-driven CRC-32C (Castagnoli), identical to the SSE4.2 `crc32` instruction.
//!
//! Reflected polynomial 0x82F63B78, bytes taken little-endian, no initial or final inversion
//! (the instruction's raw update, as Edax uses it). Slicing-by-8: one lookup per byte, all 8
//! independent.

const POLY: u32 = 0x82F6_3B78;

const fn build_tables() -> [[u32; 256]; 8] {
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { (c >> 1) ^ POLY } else { c >> 1 };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut s = 1;
    while s < 8 {
        let mut i = 0;
        while i < 256 {
            let prev = t[s - 1][i];
            t[s][i] = (prev >> 8) ^ t[0][(prev & 0xFF) as usize];
            i += 1;
        }
        s += 1;
    }
    t
}

/// `TABLES[s][b]`: the CRC update of byte `b` followed by `s` zero bytes.
static TABLES: [[u32; 256]; 8] = build_tables();

/// CRC-32C update of `crc` with the 8 bytes of `v` (the `crc32 r64, r64` instruction).
#[inline(always)]
pub(crate) fn crc32c_u64(crc: u32, v: u64) -> u32 {
    let x = (crc as u64) ^ v;
    let byte = |i: u32| ((x >> (8 * i)) & 0xFF) as usize;
    TABLES[7][byte(0)]
        ^ TABLES[6][byte(1)]
        ^ TABLES[5][byte(2)]
        ^ TABLES[4][byte(3)]
        ^ TABLES[3][byte(4)]
        ^ TABLES[2][byte(5)]
        ^ TABLES[1][byte(6)]
        ^ TABLES[0][byte(7)]
}

/// CRC-32C update of `crc` with one byte (the `crc32 r32, r8` instruction; Edax's
/// `crc32c_u8`, which hashes a game's moves).
#[inline]
pub(crate) fn crc32c_u8(crc: u32, byte: u8) -> u32 {
    TABLES[0][((crc ^ u32::from(byte)) & 0xFF) as usize] ^ (crc >> 8)
}

/// Edax's `board_get_hash_code`: CRC of the player, then of the opponent, chained.
#[inline(always)]
pub(crate) fn hash_code(p: u64, o: u64) -> u64 {
    let c = crc32c_u64(0, p);
    ((c as u64) << 32) | crc32c_u64(c, o) as u64
}
