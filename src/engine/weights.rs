//! Evaluation weights as an object that engines share by reference count.

use crate::eval::{LoadError, Weights};
use std::sync::Arc;

/// Evaluation weights in Edax's format (eval.dat), shared by the engines given them.
pub struct EkWeights {
    pub(crate) weights: Weights,
}

impl EkWeights {
    /// Weights parsed from an eval.dat image (Edax's format, either byte order).
    pub fn from_bytes(data: &[u8]) -> Result<Arc<EkWeights>, LoadError> {
        Ok(Arc::new(EkWeights { weights: Weights::parse(data)? }))
    }

    /// Weights read from an eval.dat file.
    pub fn from_file(path: &std::path::Path) -> Result<Arc<EkWeights>, LoadError> {
        let data = std::fs::read(path).map_err(|e| LoadError::Io(format!("{}: {e}", path.display())))?;
        EkWeights::from_bytes(&data)
    }

    /// The project's own weights (data/ek-eval.dat), built into the library.
    pub fn bundled() -> Result<Arc<EkWeights>, LoadError> {
        EkWeights::from_bytes(&crate::eval::bundled::image()?)
    }
}
