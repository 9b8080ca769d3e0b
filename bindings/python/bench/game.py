"""The Game object from Python against rust-reversi (PyPI, a native Board object), in one process
on the same positions: legal moves, playing a move, and a random game from the start to the end.
Each figure is the median of 7 samples of 200,000 calls (games: 2,000 per sample), in ns.

Usage: python bench/game.py   (needs: pip install rust-reversi; prints a Markdown table)
"""

import statistics
import time

import edax_kernels as ek

SAMPLES, CALLS, GAMES = 7, 200_000, 2_000


def median_ns(f, n):
    """Median over SAMPLES of the time per iteration of f (which runs n iterations), in ns."""
    times = []
    for _ in range(SAMPLES):
        t0 = time.perf_counter()
        f(n)
        times.append((time.perf_counter() - t0) / n * 1e9)
    return statistics.median(times)


def main():
    import rust_reversi as rr
    from importlib.metadata import version

    # A middle-game position: 20 random moves from the start, the same in both libraries.
    g = ek.Game(seed=3)
    for _ in range(20):
        g.play_random()
    rb = rr.Board()
    rb.set_board(g.player, g.opponent, rr.Turn.BLACK if g.black_to_move else rr.Turn.WHITE)
    assert rb.get_legal_moves() == g.legal_moves
    x = g.moves()[0]
    x_rr = 63 - x  # rust-reversi numbers the squares from the other end (H8 = 0)
    assert sorted(63 - m for m in rb.get_legal_moves_vec()) == g.moves()

    def ek_legal(n):
        for _ in range(n):
            g.legal_moves

    def rr_legal(n):
        for _ in range(n):
            rb.get_legal_moves()

    def ek_legal_list(n):
        for _ in range(n):
            g.moves()

    def rr_legal_list(n):
        for _ in range(n):
            rb.get_legal_moves_vec()

    def ek_play(n):
        for _ in range(n):
            c = g.copy()
            c.play(x)

    def rr_play(n):
        for _ in range(n):
            c = rb.clone()
            c.do_move(x_rr)

    def ek_after(n):
        for _ in range(n):
            g.after(x)

    def ek_play_undo(n):
        for _ in range(n):
            g.play(x)
            g.undo()

    turn = rr.Turn.BLACK if g.black_to_move else rr.Turn.WHITE

    def rr_play_back(n):
        # In place, then the position put back (rust-reversi has no undo).
        for _ in range(n):
            rb.do_move(x_rr)
            rb.set_board(g.player, g.opponent, turn)

    def ek_game(n):
        for _ in range(n):
            h = ek.Game()
            while not h.is_over:
                h.play_random()

    def ek_game_steps(n):
        # The loop shaped as rust-reversi's: is the game over, must the side pass, a random move.
        for _ in range(n):
            h = ek.Game()
            while not h.is_over:
                if h.must_pass:
                    h.pass_()
                else:
                    h.play(h.random_move())

    def rr_game(n):
        for _ in range(n):
            b = rr.Board()
            while not b.is_game_over():
                if b.is_pass():
                    b.do_pass()
                else:
                    b.do_move(b.get_random_move())

    rows = [
        ("legal moves (bitboard)", median_ns(ek_legal, CALLS), median_ns(rr_legal, CALLS)),
        ("legal moves (list)", median_ns(ek_legal_list, CALLS), median_ns(rr_legal_list, CALLS)),
        ("play a move on a copy (copy, play)", median_ns(ek_play, CALLS), median_ns(rr_play, CALLS)),
        ("the position after a move (after; rust-reversi: clone, do_move)", median_ns(ek_after, CALLS),
         median_ns(rr_play, CALLS)),
        ("play a move in place, then back (undo; rust-reversi: set_board)", median_ns(ek_play_undo, CALLS),
         median_ns(rr_play_back, CALLS)),
        ("random game: play_random until over", median_ns(ek_game, GAMES), median_ns(rr_game, GAMES)),
        ("random game: rust-reversi's loop shape", median_ns(ek_game_steps, GAMES), median_ns(rr_game, GAMES)),
    ]
    print(f"edax-kernels {ek.__version__} ({ek.isa()}), rust-reversi {version('rust-reversi')}")
    print("| operation | edax-kernels ns | rust-reversi ns | ratio |")
    print("|---|---|---|---|")
    for name, ours, theirs in rows:
        ratio = f"{ours / theirs:.2f}" if theirs else "-"
        print(f"| {name} | {ours:,.0f} | {theirs:,.0f} | {ratio} |" if theirs else f"| {name} | {ours:,.0f} | - | - |")


if __name__ == "__main__":
    main()
