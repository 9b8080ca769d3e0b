#!/usr/bin/env python3
"""Where the known answers came from: every known-answer file of tests/data made with weights
names them by their SHA-256, and those are the weights' bytes now.

A file made with weights carries one header line
    # weights-sha256 LABEL HEX
where LABEL is `synthetic` (the golden set's eval.dat, scripts/synthetic-eval.sh) or a path in
this repository (data/ek-eval.dat), and HEX the SHA-256 of the file the answers were made with;
or, for figures not made here, `# weights-sha256 none: REASON`. scripts/golden/regenerate.sh
writes the line from the weights it ran with, so an answer file made with other weights than
its line names differs from its regeneration.

Fails (exit 1, naming the file) when a file whose header speaks of weights or an eval.dat (or
one of REQUIRED) has no such line or more than one, names an unknown label, or names a hash
that is not its weights' hash. `--self-test` runs the rules on small texts first.
Usage: scripts/check-known-answers.py [--self-test]
"""
import hashlib
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Files made with weights whose header does not say so in words.
REQUIRED = {"tests/data/golden/eval.txt"}
LINE = re.compile(r"^# weights-sha256 (?:(none): .+|(\S+) ([0-9a-f]{64}))$")


def sha256(path):
    return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()


def header(text):
    lines = []
    for line in text.split("\n"):
        if not line.startswith("#"):
            break
        lines.append(line)
    return lines


def check(name, text, weights_of):
    """The errors of one file; weights_of(label) is the path of the weights a label names
    (None when unknown)."""
    head = header(text)
    stamps = [l for l in head if l.startswith("# weights-sha256")]
    speaks = any(re.search(r"eval\.dat|weights", l, re.I) for l in head if not l.startswith("# weights-sha256"))
    if not stamps:
        return [f"{name}: made with weights (its header says so), but no '# weights-sha256' line"] \
            if speaks or name in REQUIRED else []
    if len(stamps) > 1:
        return [f"{name}: {len(stamps)} '# weights-sha256' lines, one expected"]
    m = LINE.match(stamps[0])
    if not m:
        return [f"{name}: not '# weights-sha256 LABEL HEX' nor '# weights-sha256 none: REASON': {stamps[0]}"]
    if m.group(1):
        return []
    label, want = m.group(2), m.group(3)
    path = weights_of(label)
    if path is None:
        return [f"{name}: unknown weights {label!r} (synthetic, or a file of this repository)"]
    have = sha256(path)
    if have != want:
        return [f"{name}: made with weights of SHA-256 {want}, but {label} ({path}) is {have} now: "
                "make the answers again (scripts/golden/regenerate.sh) or name the weights they came from"]
    return []


def weights_of(label):
    if label == "synthetic":
        return subprocess.run([str(ROOT / "scripts/synthetic-eval.sh")], check=True, capture_output=True,
                              text=True).stdout.strip().splitlines()[-1]
    path = ROOT / label
    return path if path.is_file() and ROOT in path.resolve().parents else None


def self_test(tmp):
    w = tmp / "w.dat"
    w.write_bytes(b"weights")
    good = sha256(w)
    known = lambda label: w if label == "w.dat" else None  # noqa: E731
    cases = [
        ("no weights, no line", "# P O flips\n1 2 3\n", 0),
        ("weights named, hash right", f"# weights: w.dat\n# weights-sha256 w.dat {good}\n1\n", 0),
        ("none, with a reason", "# Edax's own eval.dat\n# weights-sha256 none: published\n1\n", 0),
        ("weights spoken of, no line", "# weights: w.dat\n1\n", 1),
        ("a required file without a line", "# P O ply player accumulate\n1\n", 1),
        ("a stale hash", f"# weights: w.dat\n# weights-sha256 w.dat {'0' * 64}\n1\n", 1),
        ("an unknown label", f"# weights: x\n# weights-sha256 x.dat {good}\n1\n", 1),
        ("two lines", f"# weights-sha256 w.dat {good}\n# weights-sha256 w.dat {good}\n1\n", 1),
        ("a malformed line", "# weights-sha256 w.dat abc\n1\n", 1),
    ]
    ok = True
    for what, text, errors in cases:
        name = "tests/data/golden/eval.txt" if what.startswith("a required") else "t.txt"
        got = check(name, text, known)
        good_case = len(got) == errors
        ok &= good_case
        print(f"{'ok  ' if good_case else 'FAIL'} {what}: {len(got)} error(s) {got if got else ''}")
    return ok


def main():
    if "--self-test" in sys.argv[1:]:
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            if not self_test(pathlib.Path(d)):
                sys.exit("check-known-answers self-test: FAILED")
        print("check-known-answers self-test: every case as expected")
        return
    errors, stamped = [], 0
    for f in sorted((ROOT / "tests/data").rglob("*.txt")):
        name = f.relative_to(ROOT).as_posix()
        text = f.read_text(encoding="latin-1")
        stamped += "\n# weights-sha256" in "\n" + text
        errors += check(name, text, weights_of)
    for e in errors:
        print(f"check-known-answers: {e}")
    if errors:
        sys.exit(1)
    print(f"check-known-answers: {stamped} known-answer files name their weights, each the weights' bytes now")


if __name__ == "__main__":
    main()
