//! The engine and the input of the command-line engines (`ek-play`, `ek-nboard`): the weights
//! (`--eval`, else the bundled ones), the table (`--hash`) and the threads (`--threads`), each
//! refused with one line on stderr; and stdin read by a thread of its own, so that a line can
//! stop a search. Each program includes this file as a module.

use edax_kernels::engine::{EkEngine, EkWeights, EK_ENGINE_MAX_THREADS};
use std::io::BufRead;
use std::sync::mpsc;

/// The engine for `program`'s options, or the program ends: exit status 1 for weights that
/// cannot be read or a table that cannot be made, 2 for a thread count out of range.
pub fn make_engine(program: &str, eval: Option<&str>, bits: i32, threads: i32) -> EkEngine {
    let weights = match eval {
        Some(path) => EkWeights::from_file(std::path::Path::new(path)),
        None => EkWeights::bundled(),
    };
    let weights = weights.unwrap_or_else(|e| {
        eprintln!("{program}: cannot load the weights: {e:?}");
        std::process::exit(1);
    });
    let Some(engine) = EkEngine::new(weights, bits) else {
        eprintln!("{program}: no engine with 2^{bits} table entries (8..32, and the memory for them)");
        std::process::exit(1);
    };
    if engine.set_threads(threads).is_err() {
        eprintln!("{program}: --threads {threads}: not in 1..{EK_ENGINE_MAX_THREADS}");
        std::process::exit(2);
    }
    engine
}

/// stdin's lines, read by a thread of its own (which ends at the end of the input).
pub fn input_lines() -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}
