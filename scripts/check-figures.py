#!/usr/bin/env python3
"""One figure per claim: checks BENCHMARKS.md's "Today's results at a glance" and the figures that
README.md and docs/reference.md quote from it (issue 60).

Usage:
  scripts/check-figures.py                      # the repository's BENCHMARKS.md, README.md, docs/reference.md
  scripts/check-figures.py --benchmarks B.md --docs R.md REF.md   # other files (such as older versions)
  scripts/check-figures.py --self-test          # the rules on built-in examples, one good and several bad

The rules (each error names its file, line and rule, and the figure or row at fault):
  (a) one row per question: no two rows of the table have the same question (the first column's
      text, links and markup left out, case and spacing ignored), and no two link to the same
      section;
  (b) every row names a CPU (a vendor or architecture: AMD, Intel, EPYC, Xeon, Zen, x86-64, ARM64,
      ...) and a date (YYYY-MM-DD) in its CPU and date columns, and links its section or gives its
      command; a row has as many cells as the header;
  (c) every ratio figure of the form N.NNx or N.NN-N.NNx (any number of decimals, at least one)
      that README.md or docs/reference.md states in a sentence about results (one that names
      Edax, nodes, time, stock, threads or cores, a record, an estimate, the CPU, speed, a cost
      or a run, faster or slower, "as many") is in the table (the same figure, or the table's more precise one rounded to the
      figure's decimals; a range matches a range), unless the same sentence or the same line
      carries a date (YYYY-MM-DD): a figure marked with its own date may be an older one;
  (d) every section link of the table leads to a heading of BENCHMARKS.md.
A sentence runs to the next ". " (or "!", "?") before a capital, a list item or a blank line; a
table row, a heading and a line of a code block are each one sentence.

Exit status: 0 when every rule holds, 1 otherwise (2 for a usage error). Python 3 standard
library only.
"""

import argparse
import os
import re
import sys
import unicodedata

TODAY_HEADING = "## Today's results at a glance"

DATE_RE = re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")
CPU_RE = re.compile(
    r"\b(AMD|Intel|EPYC|Xeon|Zen|Ryzen|Core|x86-64|x86|ARM|ARM64|AArch64|Apple|M[1-4]|Graviton|Neoverse|RISC-V)\b",
    re.IGNORECASE,
)
# A ratio figure: 0.84x, 1.055x, 0.94-0.98x, 0.94–0.98x (not part of a longer number or word).
FIGURE_RE = re.compile(r"(?<![\w.,])(\d+\.\d+)(?:\s*[-–]\s*(\d+\.\d+))?x(?![\w-])")
# Numbers in the table: ranges first, then single numbers.
TABLE_RANGE_RE = re.compile(r"(?<![\w.,])(\d+\.\d+)\s*[-–]\s*(\d+\.\d+)(?![\d])")
TABLE_NUMBER_RE = re.compile(r"(?<![\w.,])(\d+\.\d+)(?![\d])")
KEYWORD_RE = re.compile(
    r"\b(edax\w*|nodes?|times?|stock|faster|slower|threads?|cores?|records?|estimated?|estimates|cpu|speed|"
    r"costs?|as many|runs?)\b",
    re.IGNORECASE,
)
LINK_RE = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")


class Error:
    def __init__(self, path, line, rule, message):
        self.path, self.line, self.rule, self.message = path, line, rule, message

    def __str__(self):
        return f"{self.path}:{self.line}: ({self.rule}) {self.message}"


# ---------------------------------------------------------------------------------------------
# Markdown helpers


def github_slug(heading, seen):
    """The anchor GitHub gives a heading (github-slugger): the text without its markup, lower
    case, punctuation removed, spaces as hyphens; a repeated anchor gets -1, -2, ..."""
    text = LINK_RE.sub(r"\1", heading)
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in "-_ " or cat[0] in "LN" or cat == "Mn":
            out.append(ch)
    slug = "".join(out).replace(" ", "-")
    base, n = slug, seen.get(slug, 0)
    if n:
        slug = f"{base}-{n}"
    seen[base] = n + 1
    return slug


def heading_anchors(lines):
    """The anchors of a Markdown file's headings (outside code blocks)."""
    anchors, seen, in_code = set(), {}, False
    for line in lines:
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m and not in_code:
            anchors.add(github_slug(m.group(1), seen))
    return anchors


def split_cells(line):
    """A table row's cells (GitHub's rule: split on every unescaped '|', code spans included)."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells, cur, i = [], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] == "|":
            cur.append("|")
            i += 2
            continue
        if ch == "|":
            cells.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
        i += 1
    cells.append("".join(cur).strip())
    return cells


def normalize_question(cell):
    text = LINK_RE.sub(r"\1", cell)
    text = re.sub(r"[`*_]", "", text)
    text = text.replace("–", "-")
    return " ".join(text.lower().split())


# ---------------------------------------------------------------------------------------------
# The table


class Table:
    def __init__(self):
        self.rows = []  # (line number, cells)
        self.header = None
        self.header_line = None
        self.singles = []  # (value, decimals)
        self.ranges = []  # ((lo, lo decimals), (hi, hi decimals))


def parse_today(path, lines, errors):
    """Reads the table under "Today's results at a glance"; records errors of rules (a), (b), (d)."""
    table = Table()
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == TODAY_HEADING)
    except StopIteration:
        errors.append(Error(path, 1, "b", f'no "{TODAY_HEADING[3:]}" section'))
        return table
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    table_lines = [(i + 1, lines[i]) for i in range(start + 1, end) if lines[i].lstrip().startswith("|")]
    if len(table_lines) < 3:
        errors.append(Error(path, start + 1, "b", "no table (a header, its rule and at least one row)"))
        return table
    table.header_line, header = table_lines[0][0], [c.lower() for c in split_cells(table_lines[0][1])]
    table.header = header

    def col(*names):
        for n in names:
            for k, h in enumerate(header):
                if h == n or h.startswith(n):
                    return k
        return None

    q_col, cpu_col, date_col, cmd_col = col("question"), col("cpu", "machine"), col("date"), col("command")
    if q_col is None or cpu_col is None or date_col is None:
        errors.append(
            Error(path, table.header_line, "b", f"the header {header} needs 'question', 'CPU' and 'date' columns")
        )
        return table
    anchors = heading_anchors(lines)
    seen_text, seen_link = {}, {}
    for line_no, line in table_lines[2:]:
        cells = split_cells(line)
        table.rows.append((line_no, cells))
        if len(cells) != len(header):
            errors.append(
                Error(path, line_no, "b", f"{len(cells)} cells where the header has {len(header)} (an unescaped '|'?)")
            )
            continue
        question = cells[q_col]
        key = normalize_question(question)
        label = key[:70]
        # (a) one row per question
        if not key:
            errors.append(Error(path, line_no, "a", "a row without its question"))
        elif key in seen_text:
            errors.append(
                Error(path, line_no, "a", f'the question "{label}" is also the row of line {seen_text[key]}')
            )
        else:
            seen_text[key] = line_no
        links = [t for _, t in LINK_RE.findall(question)]
        for target in links:
            if target in seen_link:
                errors.append(
                    Error(
                        path,
                        line_no,
                        "a",
                        f'"{label}" links {target}, as the row of line {seen_link[target]} does: '
                        "two rows answering one question",
                    )
                )
            else:
                seen_link[target] = line_no
            # (d) the link leads to a heading
            if target.startswith("#") and target[1:] not in anchors:
                errors.append(Error(path, line_no, "d", f'"{label}" links {target}: no heading of this file has it'))
        # (b) CPU, date, command or link
        if not CPU_RE.search(cells[cpu_col]):
            errors.append(Error(path, line_no, "b", f'"{label}": no CPU in its CPU column ("{cells[cpu_col]}")'))
        if not DATE_RE.search(cells[date_col]):
            errors.append(Error(path, line_no, "b", f'"{label}": no date (YYYY-MM-DD) in its date column'))
        has_command = cmd_col is not None and cells[cmd_col].strip() not in ("", "-", "?")
        if not links and not has_command:
            errors.append(Error(path, line_no, "b", f'"{label}": neither a section link nor a command'))
        # The figures of the row (all but its date and link targets).
        for k, cell in enumerate(cells):
            if k == date_col:
                continue
            text = LINK_RE.sub(r"\1", cell)
            for m in TABLE_RANGE_RE.finditer(text):
                table.ranges.append((value(m.group(1)), value(m.group(2))))
            text = TABLE_RANGE_RE.sub(" ", text)
            for m in TABLE_NUMBER_RE.finditer(text):
                table.singles.append(value(m.group(1)))
    return table


def value(text):
    return (float(text), len(text.split(".")[1]) if "." in text else 0)


def same_figure(doc, table):
    """The document's figure (value, decimals) is the table's, or the table's more precise one
    rounded to the document's decimals."""
    (dv, dd), (tv, td) = doc, table
    return td >= dd and abs(dv - tv) <= 0.5 * 10 ** (-dd) + 1e-9


def in_table(table, lo, hi):
    if hi is None:
        return any(same_figure(lo, t) for t in table.singles)
    return any(same_figure(lo, a) and same_figure(hi, b) for a, b in table.ranges)


# ---------------------------------------------------------------------------------------------
# The documents' sentences


def units(lines):
    """The document's sentences: (text, first line number, [(offset in text, line number)])."""
    out = []
    in_code = False
    block = []  # [(line number, text)]

    def flush():
        if not block:
            return
        # Split the block at list items, then each part into sentences.
        parts, cur = [], []
        for n, t in block:
            if cur and re.match(r"\s*([-*+]|\d+\.)\s", t):
                parts.append(cur)
                cur = []
            cur.append((n, t))
        if cur:
            parts.append(cur)
        for part in parts:
            text, starts = "", []
            for n, t in part:
                if text:
                    text += "\n"
                starts.append((len(text), n))
                text += t
            pos = 0
            for m in re.finditer(r"(?<=[.!?])[)\"*]*\s+(?=[A-Z\"(\[*`_])", text):
                out.append((text[pos : m.start()], starts, pos))
                pos = m.end()
            out.append((text[pos:], starts, pos))
        block.clear()

    for i, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            flush()
            in_code = not in_code
            continue
        if in_code or stripped.startswith("|") or stripped.startswith("#"):
            flush()
            out.append((line, [(0, i)], 0))
            continue
        if not stripped:
            flush()
            continue
        block.append((i, line))
    flush()
    return out


def line_of(starts, offset):
    n = starts[0][1]
    for off, line in starts:
        if off <= offset:
            n = line
    return n


def check_doc(path, lines, table, errors, report=None):
    for text, starts, base in units(lines):
        about_results = bool(KEYWORD_RE.search(text))
        sentence_dated = bool(DATE_RE.search(text))
        for m in FIGURE_RE.finditer(text):
            lo = value(m.group(1))
            hi = value(m.group(2)) if m.group(2) else None
            line_no = line_of(starts, base + m.start())
            if not about_results:
                why = "not about results (no keyword in its sentence)"
            elif in_table(table, lo, hi):
                why = "in the table"
            elif sentence_dated or DATE_RE.search(lines[line_no - 1]):
                why = "dated"
            else:
                why = None
            if report is not None:
                report.append(f"{path}:{line_no}: {m.group(0)}: {why or 'ERROR'}")
            if why:
                continue
            figure = m.group(0)
            errors.append(
                Error(
                    path,
                    line_no,
                    "c",
                    f"the figure {figure} is not in BENCHMARKS.md's \"Today's results at a glance\" and its "
                    "sentence has no date: quote today's figure, or mark this one with its date (YYYY-MM-DD)",
                )
            )


# ---------------------------------------------------------------------------------------------


def run(benchmarks, docs, read=None, report=None):
    """Checks; returns the errors. `read(path)` gives a file's lines (the self-test's texts)."""
    if read is None:

        def read(path):
            with open(path, encoding="utf-8") as f:
                return f.read().split("\n")

    errors = []
    table = parse_today(benchmarks, read(benchmarks), errors)
    for d in docs:
        check_doc(d, read(d), table, errors, report)
    return errors


SELF_TEST_BENCHMARKS = """# Benchmarks

## Today's results at a glance

| question | result | CPU | date | command |
|---|---|---|---|---|
| [The solver against Edax](#the-solver-against-edax-2026-11-29) | one thread 0.84x Edax's time on FFO 40-49, 0.94-0.98x on fforum-20-39; two threads 1.96–2.05x one | AMD EPYC Zen 4 | 2026-11-29 | `ffi_bench/solve FILE` |
| [Edax linked to the library](#edax-linked-to-the-library) | 0.757x stock's CPU time | AMD EPYC Zen 4 | 2026-11-24 | `scripts/edax-drop-in.sh` |
| The main job | 43–53 s | Intel Xeon (family 6 model 207) | 2026-11-26 | `scripts/bench.sh` |

## Current results

### The solver against Edax (2026-11-29)

### Edax linked to the library
"""

SELF_TEST_GOOD_DOC = """# A README

The solver takes 0.84x Edax's time on FFO 40-49 and 0.94-0.98x on fforum-20-39; two threads
are 1.96-2.05x faster than one. Edax linked to the library runs in 0.76x stock's time.
On an older machine it took 1.74x Edax's time (2026-11-26). Its tables are
0.4x the size of the main one.

- a list item: 0.76x stock's CPU time.
"""

SELF_TEST_BAD = {
    "a: the same question twice": (
        SELF_TEST_BENCHMARKS.replace(
            "| The main job |", "| [The solver against Edax](#edax-linked-to-the-library) | 1.00x | AMD | 2026-11-29 | x |\n| The main job |"
        ),
        SELF_TEST_GOOD_DOC,
        "a",
    ),
    "a: two rows linking one section": (
        SELF_TEST_BENCHMARKS.replace(
            "| The main job |",
            "| [The solver on two threads](#the-solver-against-edax-2026-11-29) | 1.96x | AMD | 2026-11-29 | x |\n| The main job |",
        ),
        SELF_TEST_GOOD_DOC,
        "a",
    ),
    "b: a row without its CPU": (
        SELF_TEST_BENCHMARKS.replace("| Intel Xeon (family 6 model 207) |", "| |"),
        SELF_TEST_GOOD_DOC,
        "b",
    ),
    "b: a row without its date": (
        SELF_TEST_BENCHMARKS.replace("| 2026-11-24 |", "| the same day |"),
        SELF_TEST_GOOD_DOC,
        "b",
    ),
    "c: an undated figure not in the table": (
        SELF_TEST_BENCHMARKS,
        SELF_TEST_GOOD_DOC + "\nWith the weights the solver searches 4.8x fewer nodes.\n",
        "c",
    ),
    "c: an older range, undated": (
        SELF_TEST_BENCHMARKS,
        SELF_TEST_GOOD_DOC + "\nOne thread takes 1.40-1.54x Edax's estimated time on fforum-20-39.\n",
        "c",
    ),
    "c: a date in another sentence does not count": (
        SELF_TEST_BENCHMARKS,
        SELF_TEST_GOOD_DOC + "\nMeasured on 2026-11-26.\nThe solver searched 0.98x Edax's record nodes.\n",
        "c",
    ),
    "c: a figure in a code block": (
        SELF_TEST_BENCHMARKS,
        SELF_TEST_GOOD_DOC + "\n```c\nek_solver_set_eval(s, 1); /* 2.7-3.8x fewer nodes */\n```\n",
        "c",
    ),
    "d: a link to no heading": (
        SELF_TEST_BENCHMARKS.replace("(#edax-linked-to-the-library)", "(#edax-linked-to-the-libary)"),
        SELF_TEST_GOOD_DOC,
        "d",
    ),
}


def self_test():
    failures = 0

    def check(name, bench, doc, want_rule):
        nonlocal failures
        texts = {"BENCHMARKS.md": bench.split("\n"), "README.md": doc.split("\n")}
        errors = run("BENCHMARKS.md", ["README.md"], read=lambda p: texts[p])
        rules = {e.rule for e in errors}
        if want_rule is None:
            ok = not errors
        else:
            ok = want_rule in rules and rules <= {want_rule}
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {len(errors)} error(s)")
        for e in errors:
            print(f"       {e}")
        if not ok:
            failures += 1

    check("good: the example passes", SELF_TEST_BENCHMARKS, SELF_TEST_GOOD_DOC, None)
    for name, (bench, doc, rule) in SELF_TEST_BAD.items():
        check(f"bad, {name}", bench, doc, rule)
    # The helpers.
    assert github_slug("Edax's whole search in the library (`ek_edax_search`, issue 36)", {}) == (
        "edaxs-whole-search-in-the-library-ek_edax_search-issue-36"
    )
    assert same_figure(value("0.76"), value("0.757")) and not same_figure(value("0.757"), value("0.76"))
    assert split_cells("| a | `b\\|c` | d |") == ["a", "`b|c`", "d"]
    if failures:
        print(f"check-figures self-test: {failures} case(s) failed")
        return 1
    print("check-figures self-test: every case as expected")
    return 0


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--benchmarks", default=None, help="the BENCHMARKS.md to read (default: the repository's)")
    ap.add_argument(
        "--docs", nargs="*", default=None, help="the documents whose figures to check (default: README.md docs/reference.md)"
    )
    ap.add_argument("--self-test", action="store_true", help="run the rules on built-in examples")
    ap.add_argument("--verbose", action="store_true", help="list every figure of the documents and why it passes")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    bench = args.benchmarks or os.path.join(root, "BENCHMARKS.md")
    docs = args.docs if args.docs is not None else [os.path.join(root, "README.md"), os.path.join(root, "docs", "reference.md")]
    rel = lambda p: os.path.relpath(p) if os.path.isabs(p) else p
    report = [] if args.verbose else None
    errors = run(rel(bench), [rel(d) for d in docs], report=report)
    for r in report or []:
        print(r)
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        print(f"check-figures: {len(errors)} error(s) (scripts/check-figures.py says what each rule asks)", file=sys.stderr)
        return 1
    print(f"check-figures: {rel(bench)}'s table and the figures of {', '.join(rel(d) for d in docs)} agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
