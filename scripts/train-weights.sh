#!/usr/bin/env bash
# Regenerates data/ek-eval.dat, the evaluation weights of our own (data/README.md), in stages:
#
# 0. Empty squares 12 to 18: random games, their positions labelled exactly by the solver, a
#    linear model per ply fitted to them (examples/train_weights.rs, which documents the
#    method), written to target/train/stage-0.dat. Its sha256 is checked against the file this
#    stage has made since 2026-11-26.
# 1-5. Empty squares 19 to 58, bootstrapped from the end of the game towards the opening: each
#    stage labels positions of its empties counts (random games and self-play games, as many of
#    each) by the engine's search on the previous stage's file, whose trained plies that
#    search's leaves reach, and fits each count as a correction to that file's ply
#    (`train_weights --extend`). Plies of 59 and 60 empties copy the 58-empties one. Then
#    stage 0's plies of 19 to 30 empties (copies of its 18-empties ply) replace stage 5's
#    (why: below).
# 6-7. The end of the game again, exact labels: stage 6 trains 6 to 11 empty squares (random
#    and self-play games), stage 7 corrects 12 to 18 with self-play positions. Plies of 0 to 5
#    empties copy the 6-empties one. Stage 7's file is data/ek-eval.dat.
#
# Then data/ek-eval.dat.zst, the copy the library carries (src/eval/bundled.rs), is made again
# from data/ek-eval.dat with zstd -19 (`scripts/train-weights.sh --pack` does only that).
# With options, the script runs the program once with them instead (trials; --help lists them;
# without --out that writes data/ek-eval.dat).
#
# Self-play positions come from games played by the weights that data/ek-eval.dat held at
# commit 507388c (stage 0's file). They are extracted from git to target/train/play-weights.dat
# and checked by sha256, so that the games do not change when data/ek-eval.dat does.
#
# Time on two cores (data/README.md): stage 0 about 20 minutes of labelling the first time,
# stages 1 to 5 about 30 minutes, stages 6 and 7 about 12; labels are cached in target/train/,
# so a later run takes the training time only (about a minute when stage 0's file is in
# place). The same labels give the same file byte for byte.
# TRAIN_THREADS sets the labelling threads (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
pack() {
    command -v zstd >/dev/null || { echo "train-weights: zstd is needed to pack data/ek-eval.dat (apt-get install zstd)" >&2; exit 1; }
    zstd -19 -q -f data/ek-eval.dat -o data/ek-eval.dat.zst
    echo "data/ek-eval.dat.zst: $(stat -c %s data/ek-eval.dat.zst) bytes (the library's bundled weights)"
}
if [ "${1:-}" = --pack ]; then pack; exit 0; fi
play=target/train/play-weights.dat
stage0_sha=8457de70f231efdd619bc4a7435fdf5ad2984eb739aa2f25e863e558de3d8431
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
    echo "$stage0_sha  $play" | sha256sum --check --quiet
fi
if [ $# -gt 0 ]; then
    cargo run --release --example train_weights -- "$@"
    # The program writes data/ek-eval.dat unless given another output.
    if [ data/ek-eval.dat -nt data/ek-eval.dat.zst ]; then pack; fi
    exit 0
fi

# Stages 1-5: empties counts, the labelling search's depth/selectivity (selectivity 5: none),
# and the counts kept from the stage before's file. Depth 8 where the solver's move order reads
# the plies (up to 34 empties: FFO 40-59), depth 6 above, where depth 8 would cost twice the
# time of the stages below.
STAGES=(
    "19-26 8/5 12-18"
    "27-34 8/5 12-26"
    "35-42 6/5 12-34"
    "43-50 6/5 12-42"
    "51-58 6/5 12-50"
)
PER_COUNT=5000 # positions per empties count, from random games and again from self-play games
threads=${TRAIN_THREADS:-2}
cargo build --release --example train_weights
train=target/release/examples/train_weights
# Stage 0's file is known by its hash: in place with that hash, it is not made again.
if ! echo "$stage0_sha  target/train/stage-0.dat" | sha256sum --check --quiet 2>/dev/null; then
    echo "== stage 0: 12 to 18 empty squares, exact labels"
    "$train" --threads "$threads" --out target/train/stage-0.dat
    echo "$stage0_sha  target/train/stage-0.dat" | sha256sum --check --quiet || {
        echo "train-weights: stage 0 differs from the file it has made since 2026-11-26 (sha256 $stage0_sha)" >&2
        exit 1
    }
fi
prev=target/train/stage-0.dat
stage=0
for s in "${STAGES[@]}"; do
    read -r range search keep <<< "$s"
    stage=$((stage + 1))
    counts=$(seq -s, -f "%g:$PER_COUNT" "${range%-*}" "${range#*-}")
    # The held-out sets (exact labels, for the errors data/README.md reports) with stage 1 only:
    # above 22 empty squares exact labels cost too much here.
    holdout=""
    selfplay_holdout=""
    if [ "$stage" = 1 ]; then holdout=20:300; selfplay_holdout=20:200,22:100; fi
    echo "== stage $stage: $range empty squares, labels by the search $search on $prev"
    "$train" --threads "$threads" --extend "$prev" --keep "$keep" --search-labels "$search" \
        --train "$counts" --selfplay "$counts" --holdout "$holdout" --selfplay-holdout "$selfplay_holdout" \
        --out "target/train/stage-$stage.dat"
    prev=target/train/stage-$stage.dat
done
# The last stage's file with stage 0's plies of 19 to 30 empty squares (copies of its
# 18-empties ply). The solver reads those plies on FFO 40-58 (its move order and its
# pre-search), and the trained ones ordered its costliest positions worse there (FFO 50-59:
# 1.06x the nodes; data/README.md); the engine keeps most of its gain without them. Plies are
# 228,728 bytes after the 28-byte header, ply p holding the weights of 60 - p empty squares.
# copy_plies SRC DST P Q N: DST's plies Q .. Q+N-1 become SRC's plies P .. P+N-1.
copy_plies() {
    local ply_bytes=$((2 * 114364))
    dd if="$1" of="$2" bs="$ply_bytes" iflag=skip_bytes,count_bytes oflag=seek_bytes conv=notrunc \
        status=none skip=$((28 + $3 * ply_bytes)) seek=$((28 + $4 * ply_bytes)) count=$(($5 * ply_bytes))
}
spliced=target/train/stage-5-spliced.dat
cp "$prev" "$spliced"
copy_plies target/train/stage-0.dat "$spliced" 30 30 12
# Stages 6 and 7: the end of the game again, exact labels. The solver's pre-search (Edax's
# selective search to depth empties - 6) evaluates its leaves at 6 empty squares, and orders
# and prunes with evaluations at 7 and more; the plies of 6 to 11 empties were copies of the
# 12-empties one, and stage 0 saw random games only. Stage 6 trains 6 to 11 empty squares
# (random and self-play games), stage 7 corrects stage 0's plies of 12 to 18 with self-play
# positions; plies of 0 to 5 empties copy the 6-empties one.
range_of() { seq -s, -f "%g:$2" "${1%-*}" "${1#*-}"; }
echo "== stage 6: 6 to 11 empty squares, exact labels, on $spliced"
"$train" --threads "$threads" --extend "$spliced" --keep 12-58 \
    --train "$(range_of 6-11 40000)" --selfplay "$(range_of 6-11 40000)" \
    --holdout "$(range_of 6-12 1000)" --selfplay-holdout "$(range_of 6-12 1000)" --out target/train/stage-6.dat
echo "== stage 7: 12 to 18 empty squares, self-play positions, exact labels, on stage 6"
end="12:40000,13:40000,14:40000,15:40000,16:30000,17:20000,18:20000"
"$train" --threads "$threads" --extend target/train/stage-6.dat --keep 6-58 --train "" --selfplay "$end" \
    --holdout "$(range_of 12-18 1000),20:200" --selfplay-holdout "$(range_of 12-18 1000),20:200" \
    --out target/train/stage-7.dat
# data/ek-eval.dat: stage 7's file with its 18-empties ply copied to 19 to 30 empty squares,
# as stage 0's was. The solver reads those plies on FFO 40-58 and fforum-20-39; with the
# corrected 18-empties ply there it searched fewer nodes on fforum-20-39 and on held-out
# self-play positions of 22 to 26 empty squares than with stage 0's (data/README.md).
cp target/train/stage-7.dat data/ek-eval.dat
for e in $(seq 19 30); do copy_plies target/train/stage-7.dat data/ek-eval.dat 42 $((60 - e)) 1; done
echo "== wrote data/ek-eval.dat (sha256 $(sha256sum data/ek-eval.dat | cut -c1-64)); stage 5 with its own plies of 19 to 30 empties: $prev"
pack
