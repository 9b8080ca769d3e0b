//! What the `eval_loader` target checks: eval.dat images made from a valid one by the input's
//! edits (patched bytes, another length, big-endian byte order, another header) or taken from
//! the input's raw bytes, loaded by `Weights::parse` and `ek_eval_load_buffer`.
//!
//! - The status is the documented one: `EK_ERR_EVAL_FORMAT` without the EDAX/EVAL header (in
//!   either byte order), else `EK_ERR_EVAL_SIZE` unless the length is exact, else `EK_OK`; a
//!   failed load leaves the weights in use in use.
//! - A valid image evaluates every position of a game the input chooses identically on every
//!   level (features set and updated, sums for both colours); its sums equal those of the
//!   unedited image at every ply whose weights no edit touched, and the big-endian image gives
//!   the little-endian one's sums.
//!
//! Only the unedited image is ever published with `ek_eval_load_buffer` on success (the
//! library keeps every distinct set of weights it loaded, 14 MB each, for the process's life).

use crate::{game, levels, Reader};
use edax_kernels::eval::{self, EkEvalFeature, LoadError, Weights, EVAL_FILE_SIZE};
use edax_kernels::ffi::api::*;
use edax_kernels::ffi::eval_api::*;
use edax_kernels::{EkBoard, Isa};
use std::sync::OnceLock;

const HEADER: usize = 28;
const PLY_BYTES: usize = (EVAL_FILE_SIZE - HEADER) / 61;

/// The valid image every edit starts from: weights from a fixed hash of their position.
fn base_image() -> &'static [u8] {
    static IMAGE: OnceLock<Vec<u8>> = OnceLock::new();
    IMAGE.get_or_init(|| {
        let mut data = Vec::with_capacity(EVAL_FILE_SIZE);
        for word in [0x4544_4158u32, 0x4556_414C, 4, 6, 1, 0, 0] {
            data.extend_from_slice(&word.to_le_bytes());
        }
        let mut i = 0u64;
        while data.len() < EVAL_FILE_SIZE {
            let h = (i.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 53;
            data.extend_from_slice(&(h as i16 - 1024).to_le_bytes());
            i += 1;
        }
        data
    })
}

/// The unedited image's weights, published once (the weights in use for the status checks).
fn base_weights() -> &'static Weights {
    static BASE: OnceLock<&'static Weights> = OnceLock::new();
    BASE.get_or_init(|| {
        let image = base_image();
        // SAFETY: a live buffer of image.len() bytes.
        assert_eq!(unsafe { ek_eval_load_buffer(image.as_ptr(), image.len()) }, EK_OK);
        eval::loaded().expect("published")
    })
}

/// The big-endian form of a little-endian image: every header word and weight byte-swapped.
fn to_big_endian(image: &mut [u8]) {
    let (header, weights) = image.split_at_mut(HEADER.min(image.len()));
    header.chunks_exact_mut(4).for_each(|w| w.reverse());
    weights.chunks_exact_mut(2).for_each(|w| w.reverse());
}

/// The status the documentation gives for `data`.
fn expected_status(data: &[u8]) -> i32 {
    let word = |i: usize| data.get(4 * i..4 * i + 4).map(|b| [b[0], b[1], b[2], b[3]]);
    let header = match (word(0), word(1)) {
        (Some(e), Some(v)) => (e == *b"XADE" && v == *b"LAVE") || (e == *b"EDAX" && v == *b"EVAL"),
        _ => false,
    };
    if !header {
        EK_ERR_EVAL_FORMAT
    } else if data.len() != EVAL_FILE_SIZE {
        EK_ERR_EVAL_SIZE
    } else {
        EK_OK
    }
}

fn status_of(r: &Result<Weights, LoadError>) -> i32 {
    match r {
        Ok(_) => EK_OK,
        Err(LoadError::NotEdax) => EK_ERR_EVAL_FORMAT,
        Err(LoadError::Size { .. }) => EK_ERR_EVAL_SIZE,
        Err(LoadError::NoMemory) => EK_ERR_NO_MEMORY,
        Err(LoadError::Io(_)) => EK_ERR_IO,
    }
}

/// The sums of `f` at `ply` for both colours with `w`, on the portable level, checking that
/// every other level gives the same.
fn sums(w: &Weights, f: &EkEvalFeature, ply: usize) -> [i32; 2] {
    let portable = Isa::Portable.kernels().expect("portable");
    let want = [0, 1].map(|player| w.accumulate(portable, f, ply, player));
    for (k, _) in levels() {
        assert_eq!([0, 1].map(|player| w.accumulate(k, f, ply, player)), want, "{:?} at ply {ply}", k.isa());
    }
    want
}

/// Checks one input (see the module's documentation).
pub fn check_loader(data: &[u8]) {
    let base = base_weights();
    let mut r = Reader::new(data);
    let mode = r.u8();
    let (image, touched): (Vec<u8>, Vec<bool>) = if mode & 1 == 1 {
        // The input itself (short: never the right length).
        (data[1..].to_vec(), vec![true; 61])
    } else {
        let mut image = base_image().to_vec();
        let mut touched = vec![false; 61];
        for _ in 0..(mode >> 1) % 8 {
            let at = r.u64() as usize % image.len();
            image[at] ^= r.u8() | 1;
            if at >= HEADER {
                touched[(at - HEADER) / PLY_BYTES] = true;
            }
        }
        match r.u8() % 8 {
            0 => image.truncate(r.u64() as usize % image.len()),
            1 => image.extend(std::iter::repeat_n(0, 1 + r.u8() as usize)),
            _ => {}
        }
        if mode & 2 == 2 && image.len() == EVAL_FILE_SIZE {
            to_big_endian(&mut image);
        }
        (image, touched)
    };

    let want = expected_status(&image);
    let parsed = Weights::parse(&image);
    assert_eq!(status_of(&parsed), want, "Weights::parse of {} bytes", image.len());
    if want != EK_OK {
        // SAFETY: a live buffer of image.len() bytes.
        assert_eq!(unsafe { ek_eval_load_buffer(image.as_ptr(), image.len()) }, want);
        let active = eval::loaded().expect("a failed load keeps the weights in use");
        assert!(std::ptr::eq(active, base), "a failed load changed the weights in use");
        return;
    }
    let w = parsed.expect("status OK");

    // Every position of a game: features set and updated on every level, sums on every level.
    let portable = Isa::Portable.kernels().expect("portable");
    let mut previous: Option<(EkBoard, EkEvalFeature, i32)> = None;
    for (board, _) in game(r.rest()) {
        let empties = (!(board.player | board.opponent)).count_ones() as usize;
        let ply = 60usize.saturating_sub(empties);
        let fresh = eval::features(&board);
        let s = sums(&w, &fresh, ply);
        if !touched[ply] {
            assert_eq!(s, sums(base, &fresh, ply), "an edit elsewhere changed the sums at ply {ply}");
        }
        if let Some((before, f, player)) = previous {
            let placed = (board.player | board.opponent) ^ (before.player | before.opponent);
            if placed.count_ones() == 1 {
                let (x, flipped) = (placed.trailing_zeros() as i32, before.opponent ^ board.player);
                let mut want_f = f;
                portable.eval_update(&f, &mut want_f, x, flipped, player);
                for (k, _) in levels() {
                    let mut got = f;
                    k.eval_update(&f, &mut got, x, flipped, player);
                    assert_eq!(got, want_f, "eval_update on {:?}", k.isa());
                }
                sums(&w, &want_f, ply);
                previous = Some((board, want_f, player ^ 1));
                continue;
            }
        }
        previous = Some((board, fresh, 0));
    }
}
