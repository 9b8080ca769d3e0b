package edaxkernels;

/** An Othello position seen from the side to move (the C EkBoard); A1 = bit 0 ... H8 = bit 63. */
public final class Board {
    /** Discs of the side to move. */
    public final long player;
    /** Discs of the other side. */
    public final long opponent;

    /** The start position, black to move. */
    public static final Board START = new Board(0x0000000810000000L, 0x0000001008000000L);

    public Board(long player, long opponent) {
        this.player = player;
        this.opponent = opponent;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Board && ((Board) other).player == player && ((Board) other).opponent == opponent;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(player * 31 + opponent);
    }

    @Override
    public String toString() {
        return String.format("Board(%016x, %016x)", player, opponent);
    }
}
