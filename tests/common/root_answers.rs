//! The root's known answers (tests/data/midgame/root*.txt, scripts/golden/driver.c kind `root`):
//! Edax's whole searches, read for tests/midgame.rs and tests/engine.rs.

use super::{dec, hex};
use edax_kernels::EkBoard;
use std::path::Path;

/// One whole search of the root's known answers: its input and Edax's result.
pub struct RootCall {
    pub board: EkBoard,
    pub level: i32,
    pub depth: i32,
    pub selectivity: i32,
    /// (score, best move, depth, selectivity, nodes).
    pub result: (i32, i32, i32, i32, i64),
    pub pv: Vec<u8>,
    pub checksums: [u64; 3],
}

/// The table size and the searches of a root file (P O LEVEL DEPTH SELECTIVITY SCORE MOVE
/// RDEPTH RSELECTIVITY NODES PV MAIN PV SHALLOW).
pub fn root_answers(file: &str) -> (u32, Vec<RootCall>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/midgame").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut bits, mut calls) = (None, Vec::new());
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = l.split_whitespace().collect();
        match f[..] {
            ["table", b] => bits = Some(dec(b)),
            [p, o, level, depth, sel, score, mv, rdepth, rsel, nodes, pv, main, pv_table, shallow] => {
                let pv = if pv == "-" { Vec::new() } else { pv.split(',').map(dec).collect() };
                calls.push(RootCall {
                    board: EkBoard::new(hex(p), hex(o)),
                    level: dec(level),
                    depth: dec(depth),
                    selectivity: dec(sel),
                    result: (dec(score), dec(mv), dec(rdepth), dec(rsel), dec(nodes)),
                    pv,
                    checksums: [hex(main), hex(pv_table), hex(shallow)],
                })
            }
            _ => panic!("{file}: bad line {l:?}"),
        }
    }
    (bits.expect("a table line"), calls)
}
