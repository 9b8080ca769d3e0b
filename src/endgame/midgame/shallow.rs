//! Edax's shallow midgame searches (midgame.c): `NWS_shallow`, the null-window search of the
//! last plies above `search_eval_2` (on the main table from `NWS_midgame`, on the shallow table
//! from `PVS_shallow`), and `PVS_shallow`, the principal-variation search that
//! `movelist_evaluate` runs on each move to sort the moves of deep nodes. Neither polls the stop
//! flag, as in Edax.

use super::moves::MoveList;
use super::search_eval::search_eval_2;
use super::{cutoffs, Midgame, MidgameLevel, Position, NOMOVE, NO_SELECTIVITY, PASS};
use crate::endgame::edax::{stability_cutoff, SCORE_INF};
use crate::hash_table::{self, Data, EkHashTable};
use crate::types::board::EkBoard;

impl Midgame<'_> {
    /// `NWS_shallow(search, alpha, depth, table)`, `table` the shallow one or the main one.
    #[inline(always)]
    pub fn nws_shallow<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32, depth: i32, shallow: bool) -> i32 {
        let table: &EkHashTable = if shallow { self.tables.shallow } else { self.tables.main };
        if depth == 2 {
            return search_eval_2::<K>(self.weights, pos, alpha, alpha + 1, &mut self.nodes);
        }
        let start = self.nodes;
        self.nodes += 1;
        let b = EkBoard::new(pos.p, pos.o);
        let code = K::hash_code(pos.p, pos.o);
        hash_table::prefetch(table, code);
        if let Some(score) = stability_cutoff::<K>(pos.p, pos.o, alpha, pos.n_empties()) {
            return score;
        }
        let moves = K::get_moves(pos.p, pos.o);
        let (mut best, mut best_move) = (-SCORE_INF, NOMOVE);
        if moves == 0 {
            if K::can_move(pos.o, pos.p) {
                (best, best_move) = (-K::nws_shallow(self, &pos.pass(), -alpha - 1, depth, shallow), PASS);
            } else {
                best = pos.solve::<K>();
            }
        } else {
            let found = Self::get(table, b, code);
            if let Some(score) = found.and_then(|d| cutoffs::transposition(&d, depth, NO_SELECTIVITY, alpha)) {
                return score;
            }
            let mut list = MoveList::new::<K>(pos.p, pos.o, moves);
            self.evaluate::<K>(&mut list, pos, &found.unwrap_or(Data::INIT), alpha, depth);
            list.sort();
            for m in list.iter() {
                let score = -K::nws_shallow(self, &pos.play::<K>(m.x, m.flipped), -alpha - 1, depth - 1, shallow);
                if score > best {
                    (best, best_move) = (score, m.x as i32);
                    if best > alpha {
                        break;
                    }
                }
            }
        }
        Self::store(table, b, code, depth, NO_SELECTIVITY, self.nodes - start, (alpha, alpha + 1), best, best_move);
        best
    }

    /// `PVS_shallow(search, alpha, beta, depth)`, on the shallow table.
    #[inline(always)]
    pub fn pvs_shallow<K: MidgameLevel>(&mut self, pos: &Position, alpha: i32, beta: i32, depth: i32) -> i32 {
        if depth == 2 {
            return search_eval_2::<K>(self.weights, pos, alpha, beta, &mut self.nodes);
        }
        let table = self.tables.shallow;
        let start = self.nodes;
        self.nodes += 1;
        let b = EkBoard::new(pos.p, pos.o);
        let code = K::hash_code(pos.p, pos.o);
        hash_table::prefetch(table, code);
        let moves = K::get_moves(pos.p, pos.o);
        let (mut best, mut best_move) = (-SCORE_INF, NOMOVE);
        if moves == 0 {
            if K::can_move(pos.o, pos.p) {
                (best, best_move) = (-K::pvs_shallow(self, &pos.pass(), -beta, -alpha, depth), PASS);
            } else {
                best = pos.solve::<K>();
            }
        } else {
            let data = Self::get(table, b, code).unwrap_or(Data::INIT);
            let mut list = MoveList::new::<K>(pos.p, pos.o, moves);
            self.evaluate::<K>(&mut list, pos, &data, alpha, depth);
            list.sort();
            let mut lower = alpha;
            for m in list.iter() {
                let next = pos.play::<K>(m.x, m.flipped);
                let score = if best == -SCORE_INF {
                    -K::pvs_shallow(self, &next, -beta, -lower, depth - 1)
                } else {
                    let score = -K::nws_shallow(self, &next, -lower - 1, depth - 1, true);
                    if alpha < score && score < beta {
                        -K::pvs_shallow(self, &next, -beta, -lower, depth - 1)
                    } else {
                        score
                    }
                };
                if score > best {
                    (best, best_move) = (score, m.x as i32);
                    if best >= beta {
                        break;
                    }
                    lower = lower.max(best);
                }
            }
        }
        Self::store(table, b, code, depth, NO_SELECTIVITY, self.nodes - start, (alpha, beta), best, best_move);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{project_weights, synthetic_weights, OwnedTable};
    use super::super::{Midgame, Position, Tables};
    use crate::eval::Weights;
    use crate::kernels::portable::PortablePrims;

    /// Replays a file of `PVS_shallow`'s known answers (tests/data/midgame/pvs_shallow*.txt) on
    /// the portable level: score, nodes and the shallow table after each call. Returns the
    /// number of calls.
    fn replay(file: &str, w: &Weights) -> usize {
        let path = format!("{}/tests/data/midgame/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("known answers");
        let unused = OwnedTable::new(4, 0); // PVS_shallow touches no other table
        let mut shallow = OwnedTable::new(4, 0);
        let mut calls = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split_whitespace().collect();
            let hex = |s: &str| u64::from_str_radix(s, 16).expect("hex");
            let int = |s: &str| s.parse::<i64>().expect("number");
            match f[..] {
                ["table", bits, date] => shallow = OwnedTable::new(int(bits) as u32, int(date) as u8),
                ["date", date] => shallow.table.date = int(date) as u8,
                [p, o, alpha, beta, depth, score, nodes, checksum] => {
                    let tables = Tables { main: &unused.table, pv: &unused.table, shallow: &shallow.table };
                    // SAFETY: three live tables, kept for the search's length.
                    let mut s = unsafe { Midgame::new(tables, None, w, 5) };
                    let pos = Position::new(hex(p), hex(o));
                    let got =
                        s.pvs_shallow::<PortablePrims>(&pos, int(alpha) as i32, int(beta) as i32, int(depth) as i32);
                    assert_eq!((got, s.nodes), (int(score) as i32, int(nodes) as u64), "{file}: {line}");
                    assert_eq!(shallow.checksum(), hex(checksum), "{file}: the shallow table after {line}");
                    calls += 1;
                }
                _ => panic!("{file}: bad line {line:?}"),
            }
        }
        assert_eq!(unused.checksum(), OwnedTable::new(4, 0).checksum(), "{file}: another table written");
        calls
    }

    #[test]
    fn pvs_shallow_is_edax_s_with_the_project_s_weights() {
        assert_eq!(replay("pvs_shallow-ek.txt", &project_weights()), 1316);
    }

    #[test]
    fn pvs_shallow_is_edax_s_with_the_synthetic_weights() {
        assert_eq!(replay("pvs_shallow.txt", &synthetic_weights()), 1316);
    }
}
