//! Move-generator test: counts the nodes of the game tree, Edax's way and the published way.

use super::Prims;
use crate::types::board::EkBoard;
use crate::types::results::EkPerftStats;

/// No line of play is longer than 64 moves and 65 passes: deeper searches give the same counts.
pub(crate) const MAX_DEPTH: i32 = 130;

/// Counts the tree below `root`; `depth` 0 counts the root itself, a negative depth nothing.
#[inline(always)]
pub(crate) fn perft<K: Prims>(root: EkBoard, depth: i32) -> EkPerftStats {
    let mut s = EkPerftStats::default();
    let mut finished = 0u64;
    if depth <= 0 {
        let n = (depth == 0) as u64;
        return EkPerftStats { nodes: n, nodes_terminal: n, ..s };
    }
    let depth = depth.min(MAX_DEPTH);

    // Visits a node `rem` plies above the counted level. Returns the node's moves when it
    // must be expanded (after following a forced pass), 0 when it has been counted.
    let mut enter = |mut b: EkBoard, mut rem: i32, s: &mut EkPerftStats| -> (EkBoard, i32, u64) {
        loop {
            let moves = K::get_moves(b.player, b.opponent);
            if rem == 1 {
                if moves != 0 {
                    s.nodes += K::popcount(moves) as u64;
                } else if K::can_move(b.opponent, b.player) {
                    s.nodes += 1;
                    s.passes += 1;
                } else {
                    finished += 1;
                    let (np, no) = (K::popcount(b.player), K::popcount(b.opponent));
                    match np.cmp(&no) {
                        core::cmp::Ordering::Greater => s.wins += 1,
                        core::cmp::Ordering::Equal => s.draws += 1,
                        core::cmp::Ordering::Less => s.losses += 1,
                    }
                }
                return (b, rem, 0);
            }
            if moves != 0 {
                return (b, rem, moves);
            }
            if !K::can_move(b.opponent, b.player) {
                finished += 1;
                return (b, rem, 0);
            }
            b = b.swapped();
            rem -= 1;
        }
    };

    // Explicit stack (not recursion) so that the whole walk inlines into one
    // `#[target_feature]` function per ISA. Each level holds (board, moves left, depth left).
    let mut stack = [(EkBoard::default(), 0u64, 0i32); MAX_DEPTH as usize + 1];
    let mut sp = 0usize;
    let (b, rem, moves) = enter(root, depth, &mut s);
    if moves != 0 {
        stack[0] = (b, moves, rem);
        sp = 1;
    }
    // Every level uses at least one ply of `depth` <= MAX_DEPTH, so `sp` never exceeds
    // MAX_DEPTH + 1: the checked accesses below never fail, and keep the kernel panic-free.
    while let Some((b, moves, rem)) = sp.checked_sub(1).and_then(|top| stack.get_mut(top)) {
        if *moves == 0 {
            sp -= 1;
            continue;
        }
        let x = moves.trailing_zeros() as usize;
        *moves &= *moves - 1;
        let child = b.next(x as i32, K::flip(x, b.player, b.opponent));
        let (cb, crem, cmoves) = enter(child, *rem - 1, &mut s);
        if cmoves != 0 {
            if let Some(top) = stack.get_mut(sp) {
                *top = (cb, cmoves, crem);
                sp += 1;
            }
        }
    }
    s.nodes_terminal = s.nodes + finished;
    s
}
