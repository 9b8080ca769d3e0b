//! Boards from Python: any pair indexable by 0 and 1 (`edax_kernels.Board`, a tuple, a list).

use edax_kernels::EkBoard;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// A board argument: `board[0]` is the side to move's bitboard, `board[1]` the other side's.
pub(crate) struct Board(pub EkBoard);

impl<'py> FromPyObject<'_, 'py> for Board {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        let (p, o) = match obj.cast::<PyTuple>() {
            Ok(t) => t.extract::<(u64, u64)>()?,
            Err(_) => (obj.get_item(0)?.extract()?, obj.get_item(1)?.extract()?),
        };
        Ok(Board(EkBoard::new(p, o)))
    }
}
