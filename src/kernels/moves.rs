//! Legal moves and mobility on plain `u64`.
//!
//! Overlapping bitboards are taken as they are, which costs nothing: a square set in both can
//! be inside a run (as an opponent disc) and end one (as a player disc), and is not empty.

/// Opponent squares that can be inside a run in each direction (the files A and H cannot be
/// crossed horizontally, nor diagonally; the ranks 1 and 8 cannot be crossed vertically).
pub(crate) const H_INNER: u64 = 0x7E7E_7E7E_7E7E_7E7E;
pub(crate) const V_INNER: u64 = 0x00FF_FFFF_FFFF_FF00;
pub(crate) const D_INNER: u64 = 0x007E_7E7E_7E7E_7E00;

/// Squares reached from `p` through a run of `o` in direction `d` (both ways).
///
/// Parallel prefix: the run is grown by 1, 1, 2 and 2 squares, enough for the 6 inner
/// squares of a line.
#[inline(always)]
pub(crate) fn moves_dir(p: u64, o: u64, d: u32) -> u64 {
    let mut l = o & (p << d);
    let mut r = o & (p >> d);
    l |= o & (l << d);
    r |= o & (r >> d);
    let pl = o & (o << d);
    let pr = o & (o >> d);
    let d2 = d + d;
    l |= pl & (l << d2);
    r |= pr & (r >> d2);
    l |= pl & (l << d2);
    r |= pr & (r >> d2);
    (l << d) | (r >> d)
}

/// Bitboard of the legal moves of `p` against `o`.
#[inline(always)]
pub(crate) fn get_moves(p: u64, o: u64) -> u64 {
    (moves_dir(p, o & H_INNER, 1)
        | moves_dir(p, o & V_INNER, 8)
        | moves_dir(p, o & D_INNER, 7)
        | moves_dir(p, o & D_INNER, 9))
        & !(p | o)
}

/// Empty squares next to an opponent disc that could be flipped in that direction.
///
/// The diagonal neighbours of `d` are the horizontal neighbours of `d` shifted one rank up or
/// down (diagonal discs never sit on the A or H file), so one horizontal spread covers both.
#[inline(always)]
pub(crate) fn potential_moves(p: u64, o: u64) -> u64 {
    let d = o & D_INNER;
    let h = o & H_INNER | d << 8 | d >> 8;
    let v = o & V_INNER;
    (h << 1 | h >> 1 | v << 8 | v >> 8) & !(p | o)
}
