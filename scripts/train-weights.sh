#!/usr/bin/env bash
# Regenerates data/ek-eval.dat, the evaluation weights of our own (data/README.md): random
# games, their positions at 12 to 18 empty squares labelled exactly by the solver, a linear
# model per ply fitted to them (examples/train_weights.rs, which documents the method).
# Options go to the program (--help lists them); without any it writes data/ek-eval.dat.
# Then data/ek-eval.dat.zst, the copy the library carries (src/eval/bundled.rs), is made again
# from data/ek-eval.dat with zstd -19 (`scripts/train-weights.sh --pack` does only that).
#
# Self-play positions (--selfplay, --selfplay-holdout; tried, not in the defaults: data/README.md)
# come from games played by the weights that data/ek-eval.dat held at commit 507388c. They are
# extracted from git to target/train/play-weights.dat and checked by sha256, so that the games
# do not change when data/ek-eval.dat does.
#
# Time on the 2-core AMD EPYC (Zen 5) machine of data/README.md: about 20 minutes of labelling
# the first time (both cores; 13 more for the self-play sets), then about 50 s of training;
# later runs with the same data parameters read the labels from target/train/ and take the
# training time only. The same arguments and labels give the same file byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."
pack() {
    command -v zstd >/dev/null || { echo "train-weights: zstd is needed to pack data/ek-eval.dat (apt-get install zstd)" >&2; exit 1; }
    zstd -19 -q -f data/ek-eval.dat -o data/ek-eval.dat.zst
    echo "data/ek-eval.dat.zst: $(stat -c %s data/ek-eval.dat.zst) bytes (the library's bundled weights)"
}
if [ "${1:-}" = --pack ]; then pack; exit 0; fi
play=target/train/play-weights.dat
sha=8457de70f231efdd619bc4a7435fdf5ad2984eb739aa2f25e863e558de3d8431
if [ ! -f "$play" ]; then
    mkdir -p target/train
    if git show 507388c:data/ek-eval.dat > "$play.tmp" 2>/dev/null; then
        mv "$play.tmp" "$play"
    else
        rm -f "$play.tmp"
        echo "note: no git history: $play is missing (needed by --selfplay only)" >&2
    fi
fi
if [ -f "$play" ]; then
    echo "$sha  $play" | sha256sum --check --quiet
fi
cargo run --release --example train_weights -- "$@"
# The program writes data/ek-eval.dat unless given another output.
if [ data/ek-eval.dat -nt data/ek-eval.dat.zst ]; then pack; fi
