//! The engine's move with a book, as Edax's `play_go` chooses it (src/play.c): a book move
//! when the position is in the book (`book_get_random_move` at the book randomness, then
//! `book_get_line` for the line), the search otherwise.
//!
//! Edax's result of a book move is depth 0, selectivity 0, no nodes, the move's book score and
//! the book's line; [`EkPlayResult`] says it came from the book. One difference, on purpose:
//! when the position is in the book but no move is within the randomness of its value (only a
//! negative randomness, or a book never negamaxed, can do that), Edax plays `NOMOVE`; here the
//! engine searches instead.

use super::EkBook;
use crate::dispatch::c_dispatch;
use crate::endgame::midgame::EK_PV_SIZE;
use crate::engine::{EkEngine, EkEngineLimits, EkEngineResult};
use crate::types::board::{EkBoard, NOMOVE};
use crate::types::results::SolveError;
use core::ffi::c_int;

/// How the engine uses a book (Edax's `-book-usage` and `-book-randomness`; also the C API's
/// `EkBookUse`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EkBookUse {
    /// 1: play from the book when the position is in it (Edax's default, `-book-usage on`);
    /// 0: always search.
    pub enabled: c_int,
    /// Edax's `-book-randomness` (default 0): the book moves scoring at least the position's
    /// value minus this are chosen among at random (0: only the best moves; any integer is
    /// accepted, a negative one leaving no book move, so the engine searches).
    pub randomness: c_int,
}

impl Default for EkBookUse {
    /// Edax's defaults: the book used, randomness 0.
    fn default() -> Self {
        EkBookUse { enabled: 1, randomness: 0 }
    }
}

/// The engine's move with a book (also the C API's `EkPlayResult`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EkPlayResult {
    /// The search's result, or, for a book move, Edax's: the move, its book score (`score`),
    /// depth 0, selectivity 0, `exact` 0, `complete` 1, no nodes, and the book's line as `pv`
    /// (the move, then the book's best moves while the position is in the book).
    pub result: EkEngineResult,
    /// 1 when the move came from the book, 0 when it was searched.
    pub from_book: c_int,
}

/// Edax's result of a book move of `board`, when the book has one: the book's generator is
/// called once for the move and once per position of the line (as Edax's).
pub fn book_result(book: &mut EkBook, board: &EkBoard, randomness: c_int) -> Option<EkEngineResult> {
    let m = book.random_move(board, randomness)?;
    if m.mv == NOMOVE {
        return None;
    }
    let line = book.line(board, m.mv);
    let mut pv = [0u8; EK_PV_SIZE];
    let n = line.len().min(EK_PV_SIZE);
    for (slot, &x) in pv.iter_mut().zip(&line[..n]) {
        *slot = x as u8;
    }
    Some(EkEngineResult {
        score: m.score,
        best_move: m.mv,
        depth: 0,
        selectivity: 0,
        exact: 0,
        complete: 1,
        n_nodes: 0,
        pv_length: n as c_int,
        pv,
    })
}

/// The engine's move of `board`: from `book` when `usage` allows and the book has one, else
/// the engine's search within `limits` (as `EkEngine::search`, on the active level). The
/// limits are checked even when the book answers, so that a call is refused the same way
/// whether or not the position is in the book.
pub fn play(
    engine: &EkEngine,
    book: Option<&mut EkBook>,
    usage: EkBookUse,
    board: &EkBoard,
    limits: &EkEngineLimits,
) -> Result<EkPlayResult, SolveError> {
    let n_empties = (!(board.player | board.opponent)).count_ones() as i32;
    if limits.depth_selectivity(n_empties).is_none() || board.player & board.opponent != 0 {
        return Err(SolveError::Range);
    }
    if usage.enabled != 0 {
        if let Some(result) = book.and_then(|b| book_result(b, board, usage.randomness)) {
            return Ok(EkPlayResult { result, from_book: 1 });
        }
    }
    let mut out = Err(SolveError::Range);
    // SAFETY: the entry's arguments are references; it has no other contract.
    unsafe { c_dispatch::engine_search(engine, board, limits, 0, &mut out) };
    out.map(|result| EkPlayResult { result, from_book: 0 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EkWeights;
    use crate::types::board::PASS;

    const START: EkBoard = EkBoard { player: 0x0000_0008_1000_0000, opponent: 0x0000_0010_0800_0000 };

    fn edax_book() -> EkBook {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/book/edax.dat");
        EkBook::load(&path).expect("tests/data/book/edax.dat, made by Edax")
    }

    fn engine() -> EkEngine {
        EkEngine::new(EkWeights::bundled().expect("the bundled weights"), 12).expect("an engine")
    }

    fn search(e: &EkEngine, b: &EkBoard, l: &EkEngineLimits) -> EkEngineResult {
        e.clear().unwrap();
        let mut out = Err(SolveError::Range);
        // SAFETY: references only.
        unsafe { c_dispatch::engine_search(e, b, l, 0, &mut out) };
        out.unwrap()
    }

    #[test]
    fn a_book_position_is_answered_from_the_book_as_edax_chooses() {
        let (e, mut book) = (engine(), edax_book());
        let limits = EkEngineLimits::level(2);
        for randomness in [0, 2, 8] {
            for seed in 0..20u64 {
                book.random.seed(seed);
                let r = play(&e, Some(&mut book), EkBookUse { enabled: 1, randomness }, &START, &limits).unwrap();
                assert_eq!(r.from_book, 1);
                // The same generator state, the book's own calls: the same move, score and line.
                let mut again = book.clone();
                again.random.seed(seed);
                let m = again.random_move(&START, randomness).unwrap();
                let line = again.line(&START, m.mv);
                assert_eq!((r.result.best_move, r.result.score), (m.mv, m.score));
                assert_eq!(
                    r.result.pv[..r.result.pv_length as usize].iter().map(|&x| i32::from(x)).collect::<Vec<_>>(),
                    line
                );
                assert_eq!((r.result.depth, r.result.selectivity, r.result.n_nodes), (0, 0, 0));
                let value = i32::from(book.probe(&START).unwrap().value);
                assert!(m.score >= value - randomness, "{m:?} beyond the randomness {randomness} of {value}");
                assert_eq!(book.random, again.random, "Edax's generator calls: the move's and the line's");
            }
        }
    }

    #[test]
    fn otherwise_the_engine_searches() {
        let (e, mut book) = (engine(), edax_book());
        let limits = EkEngineLimits::level(3);
        // Far from the book: a position after a few moves that no book line reaches is not
        // guaranteed, so take a position of many discs.
        let board = EkBoard { player: 0x0000_1c1c_1c00_0000, opponent: 0x0000_2020_2038_0000 };
        assert!(book.probe(&board).is_none());
        for (b, usage, in_book) in [
            (board, EkBookUse::default(), Some(&mut book)),
            (START, EkBookUse { enabled: 0, randomness: 0 }, None),
            (START, EkBookUse { enabled: 1, randomness: -100 }, None),
        ] {
            let mut owned = edax_book();
            let book_arg = if in_book.is_some() { in_book } else { Some(&mut owned) };
            e.clear().unwrap();
            let r = play(&e, book_arg, usage, &b, &limits).unwrap();
            assert_eq!(r.from_book, 0, "{usage:?}");
            assert_eq!(r.result, search(&e, &b, &limits));
            assert_ne!(r.result.best_move, PASS);
        }
        e.clear().unwrap();
        let r = play(&e, None, EkBookUse::default(), &START, &limits).unwrap();
        assert_eq!((r.from_book, r.result), (0, search(&e, &START, &limits)));
    }

    #[test]
    fn bad_limits_and_boards_are_refused_even_in_the_book() {
        let (e, mut book) = (engine(), edax_book());
        let bad_level = EkEngineLimits::level(61);
        assert_eq!(play(&e, Some(&mut book), EkBookUse::default(), &START, &bad_level), Err(SolveError::Range));
        let overlap = EkBoard { player: START.player, opponent: START.player };
        let ok = EkEngineLimits::level(1);
        assert_eq!(play(&e, Some(&mut book), EkBookUse::default(), &overlap, &ok), Err(SolveError::Range));
    }
}
