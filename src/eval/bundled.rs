//! The project's own weights (data/ek-eval.dat, trained by scripts/train-weights.sh; data/README.md
//! says how), built into the library so that every package and every program linked to it has
//! them: compressed with zstd (data/ek-eval.dat.zst, 2.2 MB for the file's 14 MB: its plies of
//! 0 to 5, 19 to 30, 59 and 60 empty squares repeat others) and decompressed when loaded.

use super::weights::{self, LoadError, Weights};
use std::io::Read;

/// data/ek-eval.dat, as `zstd -19` compresses it (scripts/train-weights.sh writes both files;
/// tests/weights.rs checks that this decompresses to that file, byte for byte).
const COMPRESSED: &[u8] = include_bytes!("../../data/ek-eval.dat.zst");

/// The eval.dat image of the bundled weights (13,952,436 bytes, Edax's format).
pub fn image() -> Result<Vec<u8>, LoadError> {
    let corrupt = |e: &dyn std::fmt::Display| LoadError::Io(format!("the bundled weights: {e}"));
    let mut decoder = ruzstd::decoding::StreamingDecoder::new(COMPRESSED).map_err(|e| corrupt(&e))?;
    let mut out = Vec::new();
    out.try_reserve_exact(weights::EVAL_FILE_SIZE).map_err(|_| LoadError::NoMemory)?;
    decoder.read_to_end(&mut out).map_err(|e| corrupt(&e))?;
    Ok(out)
}

/// Loads the bundled weights and makes them the weights in use (see `ek_eval_load_default`).
pub fn load() -> Result<&'static Weights, LoadError> {
    weights::publish(&image()?)
}
