//! Edax's levels (search.c): the depth and selectivity of each level (`LEVEL`), and what the
//! iterative deepening asks of a depth (its PV extension, whether it solves, and how deep Edax
//! expects to solve without a time limit).

use crate::endgame::midgame::NO_SELECTIVITY;

/// Edax's `LEVEL[level][n_empties]`: the depth and selectivity of a search at `level` (0..=60)
/// of a position of `n_empties` empty squares (search.c's `search_global_init`).
#[inline(always)]
pub(crate) fn level_depth(level: i32, n_empties: i32) -> (i32, i32) {
    let n = n_empties;
    // Each band of levels: (the highest level, [(the most empty squares, selectivity)] solved
    // with that selectivity; beyond the last, the level's depth at selectivity 0).
    let solve = |bands: &[(i32, i32)]| {
        bands.iter().find(|&&(most, _)| n <= most).map_or((level, 0), |&(_, selectivity)| (n, selectivity))
    };
    match level {
        i32::MIN..=0 => (0, NO_SELECTIVITY),
        1..=10 => (if n <= 2 * level { n } else { level }, NO_SELECTIVITY),
        11..=12 => solve(&[(21, 5), (24, 3)]),
        13..=18 => solve(&[(21, 5), (24, 3), (27, 1)]),
        19..=21 => solve(&[(24, 5), (27, 3), (30, 1)]),
        22..=24 => solve(&[(24, 5), (27, 4), (30, 2), (33, 0)]),
        25..=27 => solve(&[(27, 5), (30, 3), (33, 1)]),
        28..=29 => solve(&[(27, 5), (30, 4), (33, 2), (36, 0)]),
        30..=31 => solve(&[(30, 5), (33, 3), (36, 1)]),
        32..=33 => solve(&[(30, 5), (33, 4), (36, 2), (39, 0)]),
        34..=35 => solve(&[(30, 5), (33, 4), (36, 3), (39, 1)]),
        36..=59 => solve(&[(level - 6, 5), (level - 3, 4), (level, 3), (level + 3, 2), (level + 6, 1), (level + 9, 0)]),
        _ => (n, NO_SELECTIVITY),
    }
}

/// Edax's `get_pv_extension(depth, n_empties)`.
#[inline(always)]
pub(super) fn pv_extension(depth: i32, n_empties: i32) -> i32 {
    if depth >= n_empties || depth <= 9 {
        -1
    } else if depth <= 12 {
        10
    } else if depth <= 18 {
        12
    } else if depth <= 24 {
        14
    } else {
        16
    }
}

/// Edax's `is_depth_solving(depth, n_empties)`: whether a search of that depth gives a final
/// score (it reaches the end, or its PV extension does).
#[inline(always)]
pub(super) fn is_depth_solving(depth: i32, n: i32) -> bool {
    depth >= n
        || (depth > 9 && depth <= 12 && depth + 8 >= n)
        || (depth > 12 && depth <= 18 && depth + 10 >= n)
        || (depth > 18 && depth <= 24 && depth + 12 >= n)
        || (depth > 24 && depth + 14 >= n)
}

/// Edax's `solvable_depth(limit, 1)` with its default speed (10^7 nodes per second): the depth
/// Edax expects to solve in `limit` milliseconds.
#[inline(always)]
pub(super) fn solvable_depth(limit: i64) -> i32 {
    // SMP_W 49, SMP_C 1 and one task: Edax's speed in nodes per millisecond.
    let speed = 0.001 * (1e7 * (49.0 + 1.0) / (49.0 / 1.0 + 1.0));
    let (mut t, mut d) = (0i64, 15);
    while d <= 60 && t <= limit {
        t = (t as f64 + (1u64 << d) as f64 / speed) as i64;
        d += 1;
    }
    d - 1
}

/// Edax's `TIME_MAX` (the time of a search without a time limit), in milliseconds.
pub(super) const TIME_MAX: i64 = 31_557_600_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry of Edax's LEVEL table (tests/data/midgame/levels.txt, written by Edax's own
    /// search_global_init through scripts/golden/driver.c).
    #[test]
    fn levels_are_edax_s() {
        let table = include_str!("../../../../tests/data/midgame/levels.txt");
        let mut n = 0;
        for line in table.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<i32> = line.split_whitespace().map(|v| v.parse().expect("a number")).collect();
            assert_eq!(level_depth(f[0], f[1]), (f[2], f[3]), "level {} at {} empty squares", f[0], f[1]);
            n += 1;
        }
        assert_eq!(n, 61 * 61);
    }

    /// Without a time limit Edax expects to solve 54 empty squares (the selectivity jumps of
    /// `iterative_deepening` below 30 then apply).
    #[test]
    fn solvable_depth_without_a_time_limit() {
        assert_eq!(solvable_depth(TIME_MAX / 10), 54);
    }
}
