//! The concurrency test reduced for Miri's data-race detector (`scripts/miri.sh` runs it with
//! several scheduler seeds, each a fresh process, so each initialises the library anew): four
//! threads start together and make the process's first `ek_` calls (a kernel, `ek_isa`,
//! `ek_set_isa`, `ek_isa_env_status`), then call kernels while two of them switch the level.
//! Results are checked against the portable kernels, called directly (not through the
//! dispatch, which this test must be the first to use). The full-size version is the C test
//! c_tests/concurrency.c (run under ThreadSanitizer by c_tests/sanitize.sh).

use edax_kernels::ffi::api::*;
use edax_kernels::{EkBoard, Isa};
use std::ffi::CString;
use std::sync::{Arc, Barrier};

#[test]
fn threads_race_the_first_call_and_level_switches() {
    let portable = Isa::Portable.kernels().expect("portable");
    let names: Vec<CString> =
        Isa::ALL.into_iter().filter(|i| i.is_available()).map(|i| CString::new(i.name()).expect("no NUL")).collect();
    let boards = [EkBoard::START, EkBoard::new(0x0000_0018_1C08_0000, 0x0000_2420_0000_0000)];
    let (threads, rounds) = if cfg!(miri) { (4, 2) } else { (8, 2000) };
    let start = Arc::new(Barrier::new(threads));
    let workers: Vec<_> = (0..threads)
        .map(|id| {
            let (start, names) = (start.clone(), names.clone());
            std::thread::spawn(move || {
                start.wait();
                match id % 4 {
                    0 => assert_eq!(ek_flip(19, boards[0].player, boards[0].opponent), 1 << 27),
                    1 => assert!(!ek_isa().is_null()),
                    // SAFETY: a NUL-terminated name.
                    2 => assert_eq!(unsafe { ek_set_isa(names[0].as_ptr()) }, EK_OK),
                    _ => assert_eq!(ek_isa_env_status(), EK_OK),
                }
                for r in 0..rounds {
                    if id < 2 {
                        let name = &names[(r + id) % names.len()];
                        // SAFETY: a NUL-terminated name.
                        assert_eq!(unsafe { ek_set_isa(name.as_ptr()) }, EK_OK);
                    }
                    let b = boards[r % boards.len()];
                    let (p, o) = (b.player, b.opponent);
                    assert_eq!(ek_get_moves(p, o), portable.get_moves(p, o));
                    assert_eq!(ek_flip(26, p, o), portable.flip(26, p, o));
                    assert_eq!(ek_get_stability(p, o), portable.get_stability(p, o));
                    // SAFETY: a live board.
                    assert_eq!(unsafe { ek_board_get_hash_code(&b) }, portable.hash_code(&b));
                    assert_eq!(ek_perft(p, o, 1), portable.perft(b, 1).nodes);
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("a worker failed");
    }
}
