#!/usr/bin/env bash
# Regenerates data/ek-eval.dat, the evaluation weights of our own (data/README.md): random
# games, their positions at 12 to 18 empty squares labelled exactly by the solver, a linear
# model per ply fitted to them (examples/train_weights.rs, which documents the method).
# Options go to the program (--help lists them); without any it writes data/ek-eval.dat.
#
# Time on the 2-core AMD EPYC (Zen 5) machine of data/README.md: about 17 minutes of labelling
# the first time (both cores), then about 3 minutes of training; later runs with the same data
# parameters read the labels from target/train/ and take the training time only. The same
# arguments and labels give the same file byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --example train_weights -- "$@"
