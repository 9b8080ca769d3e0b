"""The opening book through the installed package: tests/data/book/depth10/edax.dat (made by Edax 4.6,
scripts/golden/) loaded, its start position as Edax shows it (tests/data/book/depth10/show.txt, Edax's own
`book show`), saved back byte for byte, a damaged copy refused with the byte offset, Edax's text
export and import, merge and negamax, and Engine.play with and without the book."""

import struct

import pytest

import edax_kernels as ek
from conftest import ROOT

BOOK = ROOT / "tests" / "data" / "book" / "depth10" / "edax.dat"
# Edax's `book show` of the start (show.txt's first line): "Level: 2|Best score: +11 [+9, +13]|
# Moves: [D3:+11] [C4:+11] [F5:+11] [E6:+11]", in that order.
START_MOVES = [(ek.square("d3"), 11), (ek.square("c4"), 11), (ek.square("f5"), 11), (ek.square("e6"), 11)]


def stored_date(data: bytes):
    """The date in the file's header (bytes 10..16: year, month, day, hour, minute, second)."""
    return struct.unpack_from("<hBBBBB", data, 10)


def test_the_start_as_edax_shows_it():
    with ek.Book.load(BOOK) as book:
        assert len(book) == 3837  # info.txt, Edax's `book info`: "Positions: 3837"
        assert book.moves(ek.START) == START_MOVES
        e = book.probe(ek.START)
        assert (e.value, e.lower, e.upper, e.level, e.n_links) == (11, 9, 13, 2, 4)
        # After d3: "[c3:-11] [c5:-11] [e3:-15]" (show.txt's second line).
        d3 = ek.board_next(ek.START, ek.square("d3"))
        assert book.moves(d3) == [(ek.square("c3"), -11), (ek.square("c5"), -11), (ek.square("e3"), -15)]
        # Any symmetry of a book position is found, its moves turned with it.
        for s in range(8):
            turned = book.moves(ek.symmetry(d3, s))
            assert sorted(m for m, _ in turned) == sorted(
                ek.symmetry((1 << m, 0), s)[0].bit_length() - 1 for m, _ in book.moves(d3))
        assert book.probe(ek.Board(1, 2)) is None and book.moves(ek.Board(1, 2)) == []
        assert book.random_move(ek.Board(1, 2)) is None
        assert "Positions: 3837" in book.info()


def test_random_move_and_line_follow_the_seed():
    with ek.Book.load(BOOK) as book:
        picks = set()
        for seed in range(16):
            book.seed(seed)
            m = book.random_move(ek.START, 0)
            book.seed(seed)
            assert book.random_move(ek.START, 0) == m  # the same seed, the same move
            picks.add(m)
        assert picks <= set(START_MOVES) and len(picks) > 1
        line = book.line(ek.START, ek.square("d3"))
        assert line[0] == ek.square("d3") and len(line) > 1
        board = ek.START
        for x in line:  # every move of the line legal in turn
            assert ek.get_moves(board[0], board[1]) >> x & 1
            board = ek.board_next(board, x)
        wins, draws, losses, lines = book.game_stats(ek.START)
        e = book.probe(ek.START)
        assert (wins, draws, losses, lines) == (e.n_wins, e.n_draws, e.n_losses, e.n_lines)
        assert book.game_stats(ek.Board(1, 2)) == (0, 0, 0, 0)


def test_save_gives_the_file_back_byte_for_byte(tmp_path):
    data = BOOK.read_bytes()
    book = ek.Book.load(BOOK)
    assert book.date == stored_date(data)
    book.save(tmp_path / "dated.dat", stored_date(data))
    assert (tmp_path / "dated.dat").read_bytes() == data
    book.save(tmp_path / "own.dat")  # no date: the book's own
    assert (tmp_path / "own.dat").read_bytes() == data
    book.save(tmp_path / "later.dat", (2030, 12, 31, 23, 59, 58))
    later = (tmp_path / "later.dat").read_bytes()
    assert stored_date(later) == (2030, 12, 31, 23, 59, 58) and later[18:] == data[18:]
    with pytest.raises(ek.EdaxKernelsError) as e:
        book.save(tmp_path / "bad.dat", (2030, 256, 1, 0, 0, 0))
    assert e.value.status == -2  # EK_ERR_RANGE
    book.close()
    book.close()
    with pytest.raises(ek.EdaxKernelsError, match="closed"):
        len(book)


def test_a_damaged_file_is_refused_with_its_byte_offset(tmp_path):
    data = BOOK.read_bytes()
    (tmp_path / "cut.dat").write_bytes(data[:72])  # the header and 30 bytes of the first record
    with pytest.raises(ek.EdaxKernelsError) as e:
        ek.Book.load(tmp_path / "cut.dat")
    assert e.value.status == -13  # EK_ERR_BOOK_FORMAT
    assert "cut.dat: byte 72: truncated position record (starts at byte 42" in str(e.value)
    (tmp_path / "short.dat").write_bytes(data[:20])
    with pytest.raises(ek.EdaxKernelsError, match="short.dat: byte 20: truncated header"):
        ek.Book.load(tmp_path / "short.dat")
    with pytest.raises(ek.EdaxKernelsError) as e:
        ek.Book.load(tmp_path / "missing.dat")
    assert e.value.status == -6 and "missing.dat" in str(e.value)  # EK_ERR_IO


def test_export_import_merge_negamax(tmp_path):
    with ek.Book.load(BOOK) as book:
        book.export(tmp_path / "book.txt")
        assert (tmp_path / "book.txt").read_bytes() == (ROOT / "tests" / "data" / "book" / "depth10" / "edax.txt").read_bytes()
        imported = ek.Book.import_(tmp_path / "book.txt")
        assert isinstance(imported, ek.Book) and len(imported) == len(book)
        assert imported.moves(ek.START) == START_MOVES
        merged = ek.Book(level=2, n_empties=50)
        assert len(merged) == 0 and merged.moves(ek.START) == []
        merged.merge(book)
        assert len(merged) == len(book)
        # Edax's merge copies each position's leaf and level only (then `book fix` would link
        # them): d3e3f6's leaf is c5 at +14 (show.txt: "Moves: <c5:+14> [c6:-12]").
        line = ek.START
        for x in ("d3", "e3", "f6"):
            line = ek.board_next(line, ek.square(x))
        e = merged.probe(line)
        assert (e.n_links, e.leaf_move, e.leaf_score, e.level) == (0, ek.square("c5"), 14, 2)
        assert merged.probe(ek.START).n_links == 0
        merged.negamax()
        book.negamax()  # Edax's book is negamaxed already: nothing changes
        assert book.moves(ek.START) == START_MOVES
    (tmp_path / "bad.txt").write_text("not a board\n")
    with pytest.raises(ek.EdaxKernelsError, match="bad.txt: byte 0: line 1"):
        ek.Book.import_(tmp_path / "bad.txt")


def test_engine_play_with_and_without_the_book():
    book = ek.Book.load(BOOK)
    with ek.Engine(hash_bits=16) as engine:
        r = engine.play(ek.START, level=2, book=book)
        assert r.from_book and (r.move, r.score) in START_MOVES
        assert (r.depth, r.nodes) == (0, 0) and r.pv[0] == r.move
        for randomness in (0, 4):  # the same seed: the book's choice, as random_move makes it
            book.seed(7)
            m = book.random_move(ek.START, randomness)
            book.seed(7)
            assert engine.play(ek.START, level=2, book=book, randomness=randomness).move == m.move
        searched = engine.play(ek.START, level=2)
        assert not searched.from_book and searched.nodes > 0 and searched.depth == 2
        with ek.Engine(hash_bits=16) as fresh:
            assert tuple(searched[:2]) == tuple(fresh.search(ek.START, level=2)[:2])
        assert not engine.play(ek.START, level=2, book=book, use_book=False).from_book
        outside = ek.Board(ek.START.player | 1, ek.START.opponent)  # a disc on A1: in no book line
        assert book.probe(outside) is None
        assert not engine.play(outside, level=2, book=book).from_book
        with pytest.raises(ek.EdaxKernelsError):
            engine.play(ek.START, level=99, book=book)  # the limits are checked even from the book
        book.close()
        with pytest.raises(ek.EdaxKernelsError, match="closed"):
            engine.play(ek.START, level=2, book=book)
