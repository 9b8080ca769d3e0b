//! Edax's book.dat reader on arbitrary bytes (and, by the first byte, on the text import):
//! never a panic or a huge allocation; whatever loads saves to bytes that load and save back the
//! same, and answers every query (moves, random move, line, game stats, info, negamax).
#![no_main]

use edax_kernels::book::NoSearch;
use edax_kernels::{EkBoard, EkBook};
use libfuzzer_sys::fuzz_target;

fn exercise(book: &mut EkBook) {
    let boards: Vec<EkBoard> = book.positions().map(|p| p.board).take(64).collect();
    for b in boards.iter().chain([EkBoard::START].iter()) {
        let _ = book.moves(b);
        if let Some(m) = book.random_move(b, 3) {
            let _ = book.line(b, m.mv);
        }
        let _ = book.game_stats(b);
    }
    let _ = book.info_text();
    let _ = book.export_text();
    book.negamax();
}

fuzz_target!(|data: &[u8]| {
    if data.first() == Some(&b'#') {
        if let Ok(text) = std::str::from_utf8(&data[1..]) {
            if let Ok(mut book) = EkBook::import_text(text, "fuzz.txt") {
                book.link(&mut NoSearch);
                exercise(&mut book);
            }
        }
        return;
    }
    match EkBook::from_bytes(data, "fuzz.dat") {
        Ok(mut book) => {
            // Saved in table order (duplicate boards dropped, as Edax drops them): loading and
            // saving that gives it back byte for byte.
            let again = book.to_bytes(None);
            let reloaded = EkBook::from_bytes(&again, "again.dat").expect("a saved book loads");
            assert_eq!(reloaded.clone().to_bytes(None), again);
            exercise(&mut book);
        }
        Err(e) => assert!(e.offset as usize <= data.len(), "{e}"),
    }
});
