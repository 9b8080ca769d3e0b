//! Edax 4.6's evaluation patterns: the squares of the 47 features, their index offsets, the
//! weight-table layout, and the per-square feature deltas used by `eval_update`.

/// Number of features (plus one padding feature that is never summed).
pub(crate) const N_FEATURES: usize = 47;
/// Number of plies with their own weights.
pub(crate) const N_PLIES: usize = 61;

const fn square(name: &str) -> u8 {
    let b = name.as_bytes();
    (b[1] - b'1') * 8 + (b[0] - b'A')
}

macro_rules! squares {
    ($($s:ident),*) => { &[$(square(stringify!($s))),*] };
}

/// The squares of each feature, the first one the most significant base-3 digit (Edax's
/// `EVAL_F2X`).
pub(crate) const FEATURE_SQUARES: [&[u8]; N_FEATURES] = [
    squares!(A1, B1, A2, B2, C1, A3, C2, B3, C3),
    squares!(H1, G1, H2, G2, F1, H3, F2, G3, F3),
    squares!(A8, A7, B8, B7, A6, C8, B6, C7, C6),
    squares!(H8, H7, G8, G7, H6, F8, G6, F7, F6),
    squares!(A5, A4, A3, A2, A1, B2, B1, C1, D1, E1),
    squares!(H5, H4, H3, H2, H1, G2, G1, F1, E1, D1),
    squares!(A4, A5, A6, A7, A8, B7, B8, C8, D8, E8),
    squares!(H4, H5, H6, H7, H8, G7, G8, F8, E8, D8),
    squares!(B2, A1, B1, C1, D1, E1, F1, G1, H1, G2),
    squares!(B7, A8, B8, C8, D8, E8, F8, G8, H8, G7),
    squares!(B2, A1, A2, A3, A4, A5, A6, A7, A8, B7),
    squares!(G2, H1, H2, H3, H4, H5, H6, H7, H8, G7),
    squares!(A1, C1, D1, C2, D2, E2, F2, E1, F1, H1),
    squares!(A8, C8, D8, C7, D7, E7, F7, E8, F8, H8),
    squares!(A1, A3, A4, B3, B4, B5, B6, A5, A6, A8),
    squares!(H1, H3, H4, G3, G4, G5, G6, H5, H6, H8),
    squares!(A2, B2, C2, D2, E2, F2, G2, H2),
    squares!(A7, B7, C7, D7, E7, F7, G7, H7),
    squares!(B1, B2, B3, B4, B5, B6, B7, B8),
    squares!(G1, G2, G3, G4, G5, G6, G7, G8),
    squares!(A3, B3, C3, D3, E3, F3, G3, H3),
    squares!(A6, B6, C6, D6, E6, F6, G6, H6),
    squares!(C1, C2, C3, C4, C5, C6, C7, C8),
    squares!(F1, F2, F3, F4, F5, F6, F7, F8),
    squares!(A4, B4, C4, D4, E4, F4, G4, H4),
    squares!(A5, B5, C5, D5, E5, F5, G5, H5),
    squares!(D1, D2, D3, D4, D5, D6, D7, D8),
    squares!(E1, E2, E3, E4, E5, E6, E7, E8),
    squares!(A1, B2, C3, D4, E5, F6, G7, H8),
    squares!(A8, B7, C6, D5, E4, F3, G2, H1),
    squares!(B1, C2, D3, E4, F5, G6, H7),
    squares!(H2, G3, F4, E5, D6, C7, B8),
    squares!(A2, B3, C4, D5, E6, F7, G8),
    squares!(G1, F2, E3, D4, C5, B6, A7),
    squares!(C1, D2, E3, F4, G5, H6),
    squares!(A3, B4, C5, D6, E7, F8),
    squares!(F1, E2, D3, C4, B5, A6),
    squares!(H3, G4, F5, E6, D7, C8),
    squares!(D1, E2, F3, G4, H5),
    squares!(A4, B5, C6, D7, E8),
    squares!(E1, D2, C3, B4, A5),
    squares!(H4, G5, F6, E7, D8),
    squares!(D1, C2, B3, A4),
    squares!(A5, B6, C7, D8),
    squares!(E1, F2, G3, H4),
    squares!(H5, G6, F7, E8),
    squares!(),
];

/// Value added to each feature (Edax's `FEATURE_OFFSET`), features 0..=47: several features
/// share one weight group, at different offsets; feature 46 is the constant feature, 47 the
/// padding one (weight 0).
pub(crate) const FEATURE_OFFSET: [u16; N_FEATURES + 1] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6561, 6561, 6561, 6561, 13122, 13122, 13122, 13122,
    19683, 19683, 26244, 26244, 26244, 26244, 28431, 28431, 28431, 28431, 29160, 29160, 29160, 29160, 29403, 29403,
    29403, 29403, 29484, 29485,
];

/// Start of each weight group in the unpacked index space (Edax's `WEIGHT_OFFSET`): the
/// features 0-3, 4-7, 8-11, 12-15 and 16-46 use groups 0, 1, 2, 3 and 4.
pub(crate) const GROUP_BASE: [u32; 5] = [0, 19683, 78732, 137781, 196830];

/// The start of each feature's weight group in the unpacked index space (the padding feature
/// 47 in group 4, where its value indexes the zero weight).
#[repr(C, align(32))]
pub(crate) struct FeatureBases(pub [u32; N_FEATURES + 1]);

pub(crate) static FEATURE_BASE: FeatureBases = {
    let mut t = [0u32; N_FEATURES + 1];
    let mut i = 0;
    while i <= N_FEATURES {
        t[i] = GROUP_BASE[group(i)];
        i += 1;
    }
    FeatureBases(t)
};

/// The weight group of each feature.
pub(crate) const fn group(feature: usize) -> usize {
    if feature < 16 {
        feature / 4
    } else {
        4
    }
}

/// Size of the unpacked index space: every configuration of every pattern, the constant, and
/// the padding index (weight 0).
pub(crate) const N_UNPACKED: usize = 226_316;

/// The packed weights of one ply in an eval.dat file.
pub(crate) const N_PACKED: usize = 114_364;

/// One pattern shape of the file: its number of squares, its own symmetry (square permutation,
/// least significant digit first), where its configurations start in the unpacked index space,
/// and where its packed weights start in the file's ply record.
pub(crate) struct Shape {
    pub n: u32,
    pub sym: &'static [u8],
    pub unpacked: u32,
    pub packed: u32,
}

const S10: &[u8] = &[9, 8, 7, 6, 5, 4, 3, 2, 1, 0];

/// The 12 pattern tables of a ply record, in file order (the four 8-square tables share a
/// shape), then the constant weight.
pub(crate) const SHAPES: [Shape; 12] = [
    Shape { n: 9, sym: &[0, 2, 1, 4, 3, 5, 7, 6, 8], unpacked: 0, packed: 0 },
    Shape { n: 10, sym: &[9, 8, 7, 6, 4, 5, 3, 2, 1, 0], unpacked: 19683, packed: 10206 },
    Shape { n: 10, sym: S10, unpacked: 78732, packed: 40095 },
    Shape { n: 10, sym: S10, unpacked: 137781, packed: 69741 },
    Shape { n: 8, sym: S10.split_at(2).1, unpacked: 196830, packed: 99387 },
    Shape { n: 8, sym: S10.split_at(2).1, unpacked: 203391, packed: 102708 },
    Shape { n: 8, sym: S10.split_at(2).1, unpacked: 209952, packed: 106029 },
    Shape { n: 8, sym: S10.split_at(2).1, unpacked: 216513, packed: 109350 },
    Shape { n: 7, sym: S10.split_at(3).1, unpacked: 223074, packed: 112671 },
    Shape { n: 6, sym: S10.split_at(4).1, unpacked: 225261, packed: 113805 },
    Shape { n: 5, sym: S10.split_at(5).1, unpacked: 225990, packed: 114183 },
    Shape { n: 4, sym: S10.split_at(6).1, unpacked: 226233, packed: 114318 },
];

/// Unpacked index of the constant weight, packed position of the constant weight.
pub(crate) const CONSTANT: (u32, u32) = (226_314, 114_363);

/// `FEATURE_DELTA[x][i]`: the base-3 place value of square `x` in feature `i` (0 when the
/// feature does not contain `x`), i.e. how much the feature changes when the square's digit
/// changes by one (Edax's `EVAL_FEATURE`).
#[repr(C, align(32))]
pub(crate) struct FeatureDeltas(pub [[u16; N_FEATURES + 1]; 64]);

pub(crate) static FEATURE_DELTA: FeatureDeltas = {
    let mut t = [[0u16; N_FEATURES + 1]; 64];
    let mut i = 0;
    while i < N_FEATURES {
        let squares = FEATURE_SQUARES[i];
        let mut j = 0;
        let mut place = 1u16;
        while j < squares.len() {
            t[squares[squares.len() - 1 - j] as usize][i] = place;
            place *= 3;
            j += 1;
        }
        i += 1;
    }
    FeatureDeltas(t)
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_consistent() {
        // Pattern sizes add up to the unpacked space and to the file's packed ply record.
        let mut unpacked = 0;
        for (k, s) in SHAPES.iter().enumerate() {
            assert_eq!(s.unpacked, unpacked, "shape {k}");
            unpacked += 3u32.pow(s.n);
        }
        assert_eq!(unpacked, CONSTANT.0);
        assert_eq!(N_UNPACKED as u32, CONSTANT.0 + 2);
        for i in 0..N_FEATURES {
            let n = FEATURE_SQUARES[i].len() as u32;
            let base = GROUP_BASE[group(i)] + FEATURE_OFFSET[i] as u32;
            let shape = SHAPES.iter().find(|s| s.unpacked == base).map(|s| s.n);
            if i < N_FEATURES - 1 {
                assert_eq!(shape, Some(n), "feature {i} starts a table of its size");
            } else {
                assert_eq!(base, CONSTANT.0);
            }
        }
    }
}
