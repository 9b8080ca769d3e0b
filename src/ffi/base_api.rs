//! The `ek_base_` exports: game databases (Edax's .txt, .ggf, .wtb and .edx, chosen by the file
//! name's extension as Edax's `base_load`) read into an object whose games the caller reads one
//! by one, and written back (.txt, .ggf, .edx). Errors are a status and a message naming the file and
//! the byte offset (and line and column in the text formats). Their doc comments are the C
//! header's documentation.

use super::guard;
use crate::bases::{read_games, write_games, BaseError, Format, Game, MAX_GAME_MOVES};
use crate::types::board::EkBoard;
use crate::types::status::{EK_ERR_BASE_FORMAT, EK_ERR_INTERNAL, EK_ERR_IO, EK_ERR_NULL, EK_ERR_RANGE, EK_OK};
use core::ffi::{c_char, c_int, CStr};

/// The games of a game-database file (opaque; `ek_base_read_file`, `ek_base_free`).
pub struct EkBase {
    games: Vec<Game>,
}

/// One game of an `EkBase` (`ek_base_game`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EkBaseGame {
    /// The initial position, seen from the side to move (the standard start for .wtb games).
    pub board: EkBoard,
    /// Whether black moves first.
    pub black_to_move: bool,
    /// The number of moves (passes are not recorded).
    pub n_moves: c_int,
    /// The moves, squares 0..63; after the last, EK_NOMOVE (65).
    pub moves: [u8; 60],
    /// Edax's final score (`game_score`): the disc difference with the empty squares to the
    /// winner, for the side that moved first when the number of moves is even (Edax's rule),
    /// or -127 when the game is not over.
    pub score: c_int,
    /// Black's name, NUL-terminated ("?" when the file has none: .txt, .wtb).
    pub black: [c_char; 32],
    /// White's name, NUL-terminated.
    pub white: [c_char; 32],
}

/// Copies `text` into the caller's `message` buffer of `size` bytes, cut and NUL-terminated.
///
/// # Safety
/// `message` is NULL or writable for `size` bytes.
unsafe fn tell(message: *mut c_char, size: usize, text: &str) {
    if message.is_null() || size == 0 {
        return;
    }
    let n = text.len().min(size - 1);
    // SAFETY: `message` is writable for `size` > n bytes (the caller's contract).
    unsafe {
        core::ptr::copy_nonoverlapping(text.as_ptr().cast::<c_char>(), message, n);
        *message.add(n) = 0;
    }
}

/// Reads `path`'s games: the object, or a status and a message.
fn read_path(path: &str) -> Result<EkBase, (c_int, String)> {
    let format = read_format(path)?;
    let bytes = std::fs::read(path).map_err(|e| (EK_ERR_IO, format!("{path}: {e}")))?;
    read_bytes(path, format, &bytes)
}

/// The format of a file to read, by its name: .txt, .ggf, .wtb, .edx (.sgf, .pgn are refused).
fn read_format(name: &str) -> Result<Format, (c_int, String)> {
    match Format::of_name(name) {
        Some(format @ (Format::Text | Format::Ggf | Format::Wthor | Format::Edx)) => Ok(format),
        _ => Err((EK_ERR_BASE_FORMAT, format!("{name}: not a game format read here (.txt, .ggf, .wtb, .edx)"))),
    }
}

fn read_bytes(name: &str, format: Format, bytes: &[u8]) -> Result<EkBase, (c_int, String)> {
    read_games(format, bytes)
        .map(|games| EkBase { games })
        .map_err(|e: BaseError| (EK_ERR_BASE_FORMAT, format!("{name}: {e}")))
}

/// Hands a read result to the caller.
///
/// # Safety
/// `status` NULL or writable; `message` NULL or writable for `size` bytes.
unsafe fn hand_over(
    read: Result<EkBase, (c_int, String)>,
    status: *mut c_int,
    message: *mut c_char,
    size: usize,
) -> *mut EkBase {
    let (ptr, code, text) = match read {
        Ok(base) => (Box::into_raw(Box::new(base)), EK_OK, String::new()),
        Err((code, text)) => (core::ptr::null_mut(), code, text),
    };
    // SAFETY: NULL or writable (the caller's contract).
    if let Some(s) = unsafe { status.as_mut() } {
        *s = code;
    }
    // SAFETY: as above.
    unsafe { tell(message, size, &text) };
    ptr
}

/// Reads every game of a game-database file, its format chosen by the last four characters of
/// its name in any case as Edax's `base_load` does: ".txt" (Edax's text game list), ".ggf"
/// (GGS), ".wtb" (WTHOR), ".edx" (Edax's binary dump of its games). Returns the games as an object to read with `ek_base_count` and
/// `ek_base_game` and free with `ek_base_free`, or NULL with `*status` set: `EK_ERR_NULL` (NULL
/// path), `EK_ERR_IO` (cannot open or read), `EK_ERR_BASE_FORMAT` (an extension other than those
/// four, or a malformed file: any bad byte, where Edax would stop silently). On failure
/// `message` (when not NULL and `message_size` > 0) receives a NUL-terminated description, cut to
/// `message_size` bytes, naming the file and the byte offset (and line and column) of what is
/// wrong; on success it receives "". `status` may be NULL.
///
/// # Safety
/// `path` NULL or a NUL-terminated string; `status` NULL or writable; `message` NULL or
/// writable for `message_size` bytes.
#[no_mangle]
pub unsafe extern "C" fn ek_base_read_file(
    path: *const c_char,
    status: *mut c_int,
    message: *mut c_char,
    message_size: usize,
) -> *mut EkBase {
    guard(core::ptr::null_mut(), || {
        let read = if path.is_null() {
            Err((EK_ERR_NULL, "NULL path".to_owned()))
        } else {
            // SAFETY: NUL-terminated (the caller's contract).
            let path = unsafe { CStr::from_ptr(path) }.to_string_lossy();
            read_path(&path)
        };
        // SAFETY: the caller's contract.
        unsafe { hand_over(read, status, message, message_size) }
    })
}

/// Reads the games of a game-database file's bytes `data[0..len]`, in the format that `name`'s
/// extension gives (as `ek_base_read_file`; `name` also heads the message). The same results as
/// `ek_base_read_file`, with `EK_ERR_NULL` for a NULL `name`, or a NULL `data` with `len` > 0.
///
/// # Safety
/// `name` NULL or a NUL-terminated string; `data` NULL or readable for `len` bytes; `status`
/// NULL or writable; `message` NULL or writable for `message_size` bytes.
#[no_mangle]
pub unsafe extern "C" fn ek_base_read_buffer(
    name: *const c_char,
    data: *const u8,
    len: usize,
    status: *mut c_int,
    message: *mut c_char,
    message_size: usize,
) -> *mut EkBase {
    guard(core::ptr::null_mut(), || {
        let read = if name.is_null() || (data.is_null() && len > 0) {
            Err((EK_ERR_NULL, "NULL name or data".to_owned()))
        } else {
            // SAFETY: NUL-terminated (the caller's contract).
            let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
            let bytes: &[u8] = if len == 0 {
                &[]
            } else {
                // SAFETY: readable for `len` bytes (the caller's contract), not NULL here.
                unsafe { core::slice::from_raw_parts(data, len) }
            };
            read_format(&name).and_then(|format| read_bytes(&name, format, bytes))
        };
        // SAFETY: the caller's contract.
        unsafe { hand_over(read, status, message, message_size) }
    })
}

/// The number of games of `base` (0 for NULL).
///
/// # Safety
/// `base` NULL or from `ek_base_read_file` / `ek_base_read_buffer`, not freed.
#[no_mangle]
pub unsafe extern "C" fn ek_base_count(base: *const EkBase) -> usize {
    // SAFETY: NULL or a live object (the caller's contract).
    guard(0, || unsafe { base.as_ref() }.map_or(0, |b| b.games.len()))
}

fn name_field(name: &[u8]) -> [c_char; 32] {
    let mut field = [0 as c_char; 32];
    for (f, &b) in field.iter_mut().zip(name.iter().take(31).take_while(|&&b| b != 0)) {
        *f = b as c_char;
    }
    field
}

/// Writes game `index` (from 0) of `base` to `*game`. Returns `EK_OK`, `EK_ERR_NULL` (NULL
/// `base` or `game`) or `EK_ERR_RANGE` (`index` not below `ek_base_count`); `*game` is written
/// only on success.
///
/// # Safety
/// `base` NULL or a live object; `game` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn ek_base_game(base: *const EkBase, index: usize, game: *mut EkBaseGame) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or a live object / writable (the caller's contract).
        let (Some(base), Some(out)) = (unsafe { base.as_ref() }, unsafe { game.as_mut() }) else { return EK_ERR_NULL };
        let Some(g) = base.games.get(index) else { return EK_ERR_RANGE };
        let mut moves = [65u8; MAX_GAME_MOVES];
        moves[..g.moves.len()].copy_from_slice(&g.moves);
        *out = EkBaseGame {
            board: g.board,
            black_to_move: g.black_to_move,
            n_moves: g.moves.len() as c_int,
            moves,
            score: g.score(),
            black: name_field(&g.black),
            white: name_field(&g.white),
        };
        EK_OK
    })
}

/// Writes the games of `base` to a new file `path` (replacing any; Edax's `base_save` appends to
/// an existing one) in the format of its extension, byte for byte as Edax 4.6 writes it: ".txt",
/// ".ggf" or ".edx" (its padding 0, where Edax's is uninitialised). Returns `EK_OK`, `EK_ERR_NULL` (NULL `base` or `path`), `EK_ERR_BASE_FORMAT`
/// (another extension: ".wtb" needs a header date and a players' list, which the Rust API's
/// `bases::write_wthor_games` takes) or `EK_ERR_IO`, with `message` as `ek_base_read_file`'s.
///
/// # Safety
/// `base` NULL or a live object; `path` NULL or a NUL-terminated string; `message` NULL or
/// writable for `message_size` bytes.
#[no_mangle]
pub unsafe extern "C" fn ek_base_write_file(
    base: *const EkBase,
    path: *const c_char,
    message: *mut c_char,
    message_size: usize,
) -> c_int {
    guard(EK_ERR_INTERNAL, || {
        // SAFETY: NULL or a live object (the caller's contract).
        let (Some(base), false) = (unsafe { base.as_ref() }, path.is_null()) else {
            // SAFETY: the caller's contract.
            unsafe { tell(message, message_size, "NULL base or path") };
            return EK_ERR_NULL;
        };
        // SAFETY: NUL-terminated (the caller's contract).
        let path = unsafe { CStr::from_ptr(path) }.to_string_lossy();
        let result = match Format::of_name(&path) {
            Some(format @ (Format::Text | Format::Ggf | Format::Edx)) => write_games(format, &base.games)
                .map_err(|e| (EK_ERR_BASE_FORMAT, format!("{path}: {e}")))
                .and_then(|bytes| std::fs::write(&*path, bytes).map_err(|e| (EK_ERR_IO, format!("{path}: {e}")))),
            _ => Err((
                EK_ERR_BASE_FORMAT,
                format!("{path}: not written by ek_base_write_file (.txt, .ggf and .edx are)"),
            )),
        };
        let (code, text) = result.map_or_else(|e| e, |()| (EK_OK, String::new()));
        // SAFETY: the caller's contract.
        unsafe { tell(message, message_size, &text) };
        code
    })
}

/// Frees `base` (NULL is allowed).
///
/// # Safety
/// `base` NULL or a live object, not used after.
#[no_mangle]
pub unsafe extern "C" fn ek_base_free(base: *mut EkBase) {
    guard((), || {
        if !base.is_null() {
            // SAFETY: from Box::into_raw in `hand_over`, freed once (the caller's contract).
            drop(unsafe { Box::from_raw(base) });
        }
    })
}
