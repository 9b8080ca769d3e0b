package edaxkernels;

import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;

/**
 * An Othello game held in Java memory: the position (the side to move's and the other side's
 * discs, A1 = bit 0 ... H8 = bit 63), whether black is to move, and the positions before it (for
 * {@link #undo}). The native calls are one per operation, each kept for the position: the legal
 * moves ({@link #legalMoves}, {@link #moves}, {@link #randomMove}) one {@link Kernels#getMoves}
 * per position (kept until the position changes, and restored by undo), a move one
 * {@link Kernels#flip}, and only when the side to move has no move, one {@link Kernels#canMove}
 * per position for the other side ({@link #isOver}, {@link #mustPass}, {@link #pass}); the rest
 * is Java code. A random game costs two calls a move: {@link #playRandom} is {@link #randomMove}
 * (the legal moves) then the move (the flip). Arguments are checked before any native call: bad
 * ones throw, and the game is left as it was. Not for use by two threads at once.
 */
public final class Game {
    /** Who won a game: {@link #NONE} while it goes on. */
    public enum Winner {
        /** The game is not over. */
        NONE,
        /** Black has more discs. */
        BLACK,
        /** White has more discs. */
        WHITE,
        /** Both have as many. */
        DRAW
    }

    /** The other side's mobility, read only when the side to move has no move. */
    private static final byte UNKNOWN = 0, CAN_MOVE = 1, CANNOT_MOVE = 2;

    // The position and what is known of it; the history holds the same for each ply before:
    // (p, o, moves) in boards, (black, movesKnown, otherCanMove) packed in flags.
    private long p, o, moves;
    private boolean black, movesKnown;
    private byte otherCanMove;
    private long[] boards = new long[3 * 64];
    private byte[] flags = new byte[64];
    private int ply;

    /** The start position, black to move. */
    public Game() {
        this(Board.START.player, Board.START.opponent, true);
    }

    /**
     * The position where the side to move has the discs {@code player} and the other side
     * {@code opponent}, black to move when {@code blackToMove}. Throws IllegalArgumentException
     * when the bitboards overlap.
     */
    public Game(long player, long opponent, boolean blackToMove) {
        if ((player & opponent) != 0) {
            throw new IllegalArgumentException(String.format("Game: the bitboards overlap (%016x and %016x, both on %s)",
                    player, opponent, squares(player & opponent)));
        }
        p = player;
        o = opponent;
        black = blackToMove;
    }

    /** The position of {@code board} (its player to move), black to move when {@code blackToMove}. */
    public Game(Board board, boolean blackToMove) {
        this(Objects.requireNonNull(board, "board").player, board.opponent, blackToMove);
    }

    /** A copy: the position and its history (the copies then go their own ways). */
    public Game copy() {
        Game g = new Game(p, o, black);
        g.moves = moves;
        g.movesKnown = movesKnown;
        g.otherCanMove = otherCanMove;
        g.boards = boards.clone();
        g.flags = flags.clone();
        g.ply = ply;
        return g;
    }

    /**
     * The game at the position of Edax's board text: 64 squares A1, B1, ... H8 ('X', 'x' or '*'
     * black; 'O' or 'o' white; '-' or '.' empty), then the side to move ('X' or 'O'; 'x', '*', 'o'
     * too), whitespace anywhere ignored, nothing after. Throws NullPointerException, or
     * IllegalArgumentException naming what is wrong.
     */
    public static Game fromText(String text) {
        return parse(Objects.requireNonNull(text, "text"), text, "Game.fromText");
    }

    /**
     * The game at the position of an Edax .obf line: the board text (see {@link #fromText}), then
     * ';' and whatever follows it (the moves' scores, such as "G8:+18; H1:+12;", not read). Throws
     * NullPointerException, or IllegalArgumentException naming what is wrong.
     */
    public static Game fromObf(String line) {
        int semicolon = Objects.requireNonNull(line, "line").indexOf(';');
        if (semicolon < 0) {
            throw new IllegalArgumentException("Game.fromObf: no ';' after the side to move: \"" + line + "\"");
        }
        return parse(line.substring(0, semicolon), line, "Game.fromObf");
    }

    private static Game parse(String text, String shown, String what) {
        long blackDiscs = 0, whiteDiscs = 0;
        int squares = 0;
        Boolean blackToMove = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                continue;
            }
            if (squares < 64) {
                if (c == 'X' || c == 'x' || c == '*') {
                    blackDiscs |= 1L << squares;
                } else if (c == 'O' || c == 'o') {
                    whiteDiscs |= 1L << squares;
                } else if (c != '-' && c != '.') {
                    throw new IllegalArgumentException(String.format("%s: '%c' at square %s is not a square"
                            + " ('X', 'x' or '*' black, 'O' or 'o' white, '-' or '.' empty): \"%s\"",
                            what, c, square(squares), shown));
                }
                squares++;
            } else if (blackToMove == null) {
                if (c == 'X' || c == 'x' || c == '*') {
                    blackToMove = true;
                } else if (c == 'O' || c == 'o') {
                    blackToMove = false;
                } else {
                    throw new IllegalArgumentException(String.format(
                            "%s: '%c' after the 64 squares is not a side to move (X or O): \"%s\"", what, c, shown));
                }
            } else {
                throw new IllegalArgumentException(String.format(
                        "%s: '%c' after the side to move (more than 64 squares?): \"%s\"", what, c, shown));
            }
        }
        if (squares < 64) {
            throw new IllegalArgumentException(String.format("%s: %d squares, not 64, and no side to move: \"%s\"", what,
                    squares, shown));
        }
        if (blackToMove == null) {
            throw new IllegalArgumentException(String.format(
                    "%s: no side to move (X or O) after the 64 squares (63 squares and a side?): \"%s\"", what, shown));
        }
        return blackToMove ? new Game(blackDiscs, whiteDiscs, true) : new Game(whiteDiscs, blackDiscs, false);
    }

    /**
     * Edax's board text: 64 squares A1..H8 ('X' black, 'O' white, '-' empty), a space, the side
     * to move ('X' or 'O').
     */
    public String toText() {
        long b = blackBits(), w = whiteBits();
        char[] s = new char[66];
        for (int x = 0; x < 64; x++) {
            s[x] = (b >>> x & 1) != 0 ? 'X' : (w >>> x & 1) != 0 ? 'O' : '-';
        }
        s[64] = ' ';
        s[65] = black ? 'X' : 'O';
        return new String(s);
    }

    /** An Edax .obf line of the position: the board text and ';'. */
    public String toObf() {
        return toText() + ";";
    }

    /** Game.fromText("...") with the position's text. */
    @Override
    public String toString() {
        return "Game.fromText(\"" + toText() + "\")";
    }

    /** The side to move's discs. */
    public long player() {
        return p;
    }

    /** The other side's discs. */
    public long opponent() {
        return o;
    }

    /** The position, seen from the side to move. */
    public Board board() {
        return new Board(p, o);
    }

    /** Whether black is to move. */
    public boolean blackToMove() {
        return black;
    }

    /** Moves and passes played since the game's first position (what {@link #undo} can take back). */
    public int ply() {
        return ply;
    }

    private long blackBits() {
        return black ? p : o;
    }

    private long whiteBits() {
        return black ? o : p;
    }

    /** The legal moves of the side to move, as a bitboard (one {@link Kernels#getMoves} per position). */
    public long legalMoves() {
        if (!movesKnown) {
            moves = Kernels.getMoves(p, o);
            movesKnown = true;
        }
        return moves;
    }

    /** The legal moves of the side to move, as squares (0..63, A1 first). */
    public int[] moves() {
        long m = legalMoves();
        int[] squares = new int[Long.bitCount(m)];
        for (int i = 0; m != 0; m &= m - 1) {
            squares[i++] = Long.numberOfTrailingZeros(m);
        }
        return squares;
    }

    /** Whether the other side can move (asked only when the side to move cannot). */
    private boolean otherCanMove() {
        if (otherCanMove == UNKNOWN) {
            otherCanMove = Kernels.canMove(o, p) ? CAN_MOVE : CANNOT_MOVE;
        }
        return otherCanMove == CAN_MOVE;
    }

    /** Whether the side to move must pass: it has no move, the other side has one. */
    public boolean mustPass() {
        return legalMoves() == 0 && otherCanMove();
    }

    /** Whether the game is over: neither side can move. */
    public boolean isOver() {
        return legalMoves() == 0 && !otherCanMove();
    }

    /** Black's discs, counted. */
    public int blackDiscs() {
        return Long.bitCount(blackBits());
    }

    /** White's discs, counted. */
    public int whiteDiscs() {
        return Long.bitCount(whiteBits());
    }

    /** The empty squares, counted. */
    public int empties() {
        return 64 - Long.bitCount(p | o);
    }

    /**
     * Black's final score once the game is over, as the solver counts it: black's discs minus
     * white's, the empty squares going to the winner (none on a draw); empty while the game goes
     * on.
     */
    public OptionalInt score() {
        if (!isOver()) {
            return OptionalInt.empty();
        }
        int b = blackDiscs(), w = whiteDiscs(), empties = 64 - b - w;
        return OptionalInt.of(b > w ? b - w + empties : b < w ? b - w - empties : 0);
    }

    /**
     * Who won ({@link Winner#BLACK}, {@link Winner#WHITE} or {@link Winner#DRAW}) once the game is
     * over; {@link Winner#NONE} while it goes on.
     */
    public Winner winner() {
        OptionalInt score = score();
        if (score.isEmpty()) {
            return Winner.NONE;
        }
        int s = score.getAsInt();
        return s > 0 ? Winner.BLACK : s < 0 ? Winner.WHITE : Winner.DRAW;
    }

    /**
     * The side to move plays {@code x} (0..63; one {@link Kernels#flip}). Throws
     * IllegalArgumentException for a square outside 0..63 ({@link Kernels#PASS} included:
     * {@link #pass} passes) or a move that is not legal; the message names the square.
     */
    public void play(int x) {
        if (x < 0 || x > 63) {
            throw new IllegalArgumentException(String.format("Game.play: %d is not a square (0..63)%s", x,
                    x == Kernels.PASS ? "; to pass, call pass()" : ""));
        }
        long bit = 1L << x;
        // A move is legal exactly when its square is empty and it flips discs: the legal moves,
        // when known, spare the call for an illegal one.
        long flipped = ((p | o) & bit) != 0 || (movesKnown && (moves & bit) == 0) ? 0 : Kernels.flip(x, p, o);
        if (flipped == 0) {
            throw new IllegalArgumentException(String.format(
                    "Game.play: %s (square %d) is not a legal move for %s: %s (legal: %s)", square(x), x,
                    black ? "black" : "white", ((p | o) & bit) != 0 ? "it is occupied" : "it flips no disc",
                    legalMoves() == 0 ? "none" : squares(legalMoves())));
        }
        push(o ^ flipped, p ^ flipped ^ bit, UNKNOWN);
    }

    /** The side to move passes. Throws IllegalStateException when it has a move, or when the game is over. */
    public void pass() {
        if (legalMoves() != 0) {
            throw new IllegalStateException(String.format("Game.pass: %s has a move (%s): no pass", black ? "black" : "white",
                    squares(legalMoves())));
        }
        if (!otherCanMove()) {
            throw new IllegalStateException("Game.pass: the game is over (neither side can move): no pass");
        }
        // The side that passes has no move: known for the next position's other side.
        push(o, p, CANNOT_MOVE);
    }

    /** Saves the position and goes to (nextPlayer, nextOpponent), the other side to move. */
    private void push(long nextPlayer, long nextOpponent, byte nextOtherCanMove) {
        if (ply == flags.length) {
            boards = Arrays.copyOf(boards, 6 * ply);
            flags = Arrays.copyOf(flags, 2 * ply);
        }
        boards[3 * ply] = p;
        boards[3 * ply + 1] = o;
        boards[3 * ply + 2] = moves;
        flags[ply++] = (byte) ((black ? 1 : 0) | (movesKnown ? 2 : 0) | otherCanMove << 2);
        p = nextPlayer;
        o = nextOpponent;
        black = !black;
        movesKnown = false;
        otherCanMove = nextOtherCanMove;
    }

    /** Takes back the last move or pass. Throws IllegalStateException at the game's first position. */
    public void undo() {
        if (ply == 0) {
            throw new IllegalStateException("Game.undo: nothing to undo (this is the game's first position)");
        }
        ply--;
        p = boards[3 * ply];
        o = boards[3 * ply + 1];
        moves = boards[3 * ply + 2];
        black = (flags[ply] & 1) != 0;
        movesKnown = (flags[ply] & 2) != 0;
        otherCanMove = (byte) (flags[ply] >> 2);
    }

    /**
     * A legal move of the side to move chosen uniformly with {@code rng}, not played:
     * {@link Kernels#PASS} (64) when it must pass, {@link Kernels#NOMOVE} (65) when the game is
     * over.
     */
    public int randomMove(RandomGenerator rng) {
        Objects.requireNonNull(rng, "rng");
        long m = legalMoves();
        if (m == 0) {
            return otherCanMove() ? Kernels.PASS : Kernels.NOMOVE;
        }
        for (int k = rng.nextInt(Long.bitCount(m)); k > 0; k--) {
            m &= m - 1;
        }
        return Long.numberOfTrailingZeros(m);
    }

    /**
     * Plays {@link #randomMove}(rng) and returns it: a square, {@link Kernels#PASS} (a pass was
     * played) or {@link Kernels#NOMOVE} (the game is over; nothing was played).
     */
    public int playRandom(RandomGenerator rng) {
        int x = randomMove(rng);
        if (x == Kernels.PASS) {
            push(o, p, CANNOT_MOVE);
        } else if (x != Kernels.NOMOVE) {
            long flipped = Kernels.flip(x, p, o);
            push(o ^ flipped, p ^ flipped ^ (1L << x), UNKNOWN);
        }
        return x;
    }

    /** The name of square x: "A1" .. "H8". */
    private static String square(int x) {
        return "" + (char) ('A' + x % 8) + (x / 8 + 1);
    }

    /** The names of the squares of b, separated by spaces. */
    private static String squares(long b) {
        StringBuilder names = new StringBuilder();
        for (; b != 0; b &= b - 1) {
            names.append(names.length() == 0 ? "" : " ").append(square(Long.numberOfTrailingZeros(b)));
        }
        return names.toString();
    }
}
