#!/usr/bin/env bash
# Prints the path of the golden set's synthetic eval.dat (target/tmp/synthetic_eval.dat),
# generating it first with tests/data/golden/gen_synthetic_eval.py when it is missing or not
# the file the known answers were made with (checked by its sha256).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/target/tmp/synthetic_eval.dat
want=815fc284a859339d9ec2a2da513e8bbf49af6b1e6903f3e2c6b719f9cc18c712
sum() { sha256sum "$1" | cut -d' ' -f1; }
if [ ! -f "$out" ] || [ "$(sum "$out")" != "$want" ]; then
    mkdir -p "$(dirname "$out")"
    python3 "$root/tests/data/golden/gen_synthetic_eval.py" "$out.$$"
    [ "$(sum "$out.$$")" = "$want" ] || { echo "synthetic-eval: generated file has the wrong sha256" >&2; rm -f "$out.$$"; exit 1; }
    mv "$out.$$" "$out"
fi
echo "$out"
