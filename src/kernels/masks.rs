//! Per-square line masks, built at compile time.

/// The four lines through a square, as (column step, row step): horizontal, vertical,
/// diagonal (A1-H8 direction, bit step 9) and anti-diagonal (bit step 7).
const LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// The squares of the four lines through one square, split at that square.
///
/// `lower[i]` holds the squares of line `i` with a smaller bit number than the square,
/// `upper[i]` those with a larger one. One entry fills one 64-byte cache line, and each half
/// loads as one 256-bit vector.
#[repr(C, align(64))]
pub(crate) struct LineMasks {
    pub lower: [u64; 4],
    pub upper: [u64; 4],
}

const fn ray(x: usize, dc: i32, dr: i32) -> u64 {
    let (mut c, mut r) = ((x % 8) as i32 + dc, (x / 8) as i32 + dr);
    let mut m = 0u64;
    while c >= 0 && c < 8 && r >= 0 && r < 8 {
        m |= 1u64 << (r * 8 + c);
        c += dc;
        r += dr;
    }
    m
}

const fn build_line_masks() -> [LineMasks; 64] {
    let mut t = [const { LineMasks { lower: [0; 4], upper: [0; 4] } }; 64];
    let mut x = 0;
    while x < 64 {
        let mut i = 0;
        while i < 4 {
            let (dc, dr) = LINES[i];
            // (dc, dr) always steps to a larger bit number, its opposite to a smaller one.
            t[x].upper[i] = ray(x, dc, dr);
            t[x].lower[i] = ray(x, -dc, -dr);
            i += 1;
        }
        x += 1;
    }
    t
}

/// Line masks of every square 0..=63.
pub(crate) static LINE_MASKS: [LineMasks; 64] = build_line_masks();

/// The four corners.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_partition_the_lines() {
        // D4 (x = 27): 7 squares on each of the 4 lines except the anti-diagonal (A7..G1: 7),
        // and the diagonal (A1..H8: 8 squares including D4).
        let m = &LINE_MASKS[27];
        assert_eq!(m.lower[0] | m.upper[0], 0x0000_0000_FF00_0000 & !(1 << 27));
        assert_eq!(m.lower[1] | m.upper[1], 0x0808_0808_0808_0808 & !(1 << 27));
        assert_eq!(m.lower[2] | m.upper[2], 0x8040_2010_0804_0201 & !(1 << 27));
        assert_eq!(m.lower[3] | m.upper[3], 0x0001_0204_0810_2040 & !(1 << 27));
        for (x, m) in LINE_MASKS.iter().enumerate() {
            for i in 0..4 {
                assert!(m.lower[i] < 1 << x, "lower mask of {x} has a bit above {x}");
                assert_eq!(m.upper[i] & (2u64 << x).wrapping_sub(1), 0, "upper mask of {x} has a bit at/below {x}");
            }
        }
    }
}
