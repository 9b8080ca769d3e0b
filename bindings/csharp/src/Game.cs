using System;
using System.Text;

namespace EdaxKernels
{
    /// <summary>
    /// An Othello game held in managed memory: the position (the side to move's and the other
    /// side's discs, A1 = bit 0 ... H8 = bit 63), whether black is to move, and the positions
    /// before it (for Undo). The native calls are one per operation, each kept for the position:
    /// the legal moves (LegalMoves, Moves, RandomMove) one ek_get_moves per position (kept until
    /// the position changes, and restored by Undo), a move one ek_flip, and only when the side to
    /// move has no move, one ek_can_move per position for the other side (IsOver, MustPass,
    /// Pass); the rest is managed code. A random game costs two calls a move: PlayRandom is
    /// RandomMove (the legal moves) then the move (the flip). Arguments are checked before any
    /// native call: bad ones throw, and the game is left as it was. Not for use by two threads at
    /// once.
    /// </summary>
    public sealed class Game
    {
        /// <summary>A position and what is known of it.</summary>
        struct Position
        {
            public ulong P, O, Moves;
            public bool Black, MovesKnown;
            // The other side's mobility, read only when the side to move has no move: 0 unknown, 1 it can move, 2 it cannot.
            public byte OtherCanMove;
        }

        Position now;
        Position[] history = new Position[64];
        int ply;

        static Game()
        {
            Library.EnsureLoaded();
        }

        /// <summary>The start position, black to move.</summary>
        public Game() : this(Board.Start.Player, Board.Start.Opponent, true) { }

        /// <summary>
        /// The position where the side to move has the discs <paramref name="player"/> and the
        /// other side <paramref name="opponent"/>, black to move when <paramref name="blackToMove"/>.
        /// Throws ArgumentException when the bitboards overlap.
        /// </summary>
        public Game(ulong player, ulong opponent, bool blackToMove)
        {
            if ((player & opponent) != 0)
            {
                throw new ArgumentException(string.Format(
                    "Game: the bitboards overlap ({0:x16} and {1:x16}, both on {2})", player, opponent, Squares(player & opponent)));
            }
            now = new Position { P = player, O = opponent, Black = blackToMove };
        }

        /// <summary>The position of <paramref name="board"/> (its player to move), black to move when <paramref name="blackToMove"/>.</summary>
        public Game(Board board, bool blackToMove) : this(board.Player, board.Opponent, blackToMove) { }

        Game(Game other)
        {
            now = other.now;
            history = (Position[])other.history.Clone();
            ply = other.ply;
        }

        /// <summary>A copy: the position and its history (the copies then go their own ways).</summary>
        public Game Copy() { return new Game(this); }

        /// <summary>
        /// The game at the position of Edax's board text: 64 squares A1, B1, ... H8 ('X', 'x' or
        /// '*' black; 'O' or 'o' white; '-' or '.' empty), then the side to move ('X' or 'O'; 'x',
        /// '*', 'o' too), whitespace anywhere ignored, nothing after. Throws ArgumentNullException,
        /// or FormatException naming what is wrong.
        /// </summary>
        public static Game FromText(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            return Parse(text, text, "Game.FromText");
        }

        /// <summary>
        /// The game at the position of an Edax .obf line: the board text (see FromText), then ';'
        /// and whatever follows it (the moves' scores, such as "G8:+18; H1:+12;", not read).
        /// Throws ArgumentNullException, or FormatException naming what is wrong.
        /// </summary>
        public static Game FromObf(string line)
        {
            if (line == null) throw new ArgumentNullException("line");
            int semicolon = line.IndexOf(';');
            if (semicolon < 0) throw new FormatException("Game.FromObf: no ';' after the side to move: \"" + line + "\"");
            return Parse(line.Substring(0, semicolon), line, "Game.FromObf");
        }

        static Game Parse(string text, string shown, string what)
        {
            ulong black = 0, white = 0;
            int squares = 0;
            bool? blackToMove = null;
            foreach (char c in text)
            {
                if (char.IsWhiteSpace(c)) continue;
                if (squares < 64)
                {
                    if (c == 'X' || c == 'x' || c == '*') black |= 1UL << squares;
                    else if (c == 'O' || c == 'o') white |= 1UL << squares;
                    else if (c != '-' && c != '.')
                    {
                        throw new FormatException(string.Format(
                            "{0}: '{1}' at square {2} is not a square ('X', 'x' or '*' black, 'O' or 'o' white, '-' or '.' empty): \"{3}\"",
                            what, c, Square(squares), shown));
                    }
                    squares++;
                }
                else if (blackToMove == null)
                {
                    if (c == 'X' || c == 'x' || c == '*') blackToMove = true;
                    else if (c == 'O' || c == 'o') blackToMove = false;
                    else throw new FormatException(string.Format("{0}: '{1}' after the 64 squares is not a side to move (X or O): \"{2}\"", what, c, shown));
                }
                else
                {
                    throw new FormatException(string.Format("{0}: '{1}' after the side to move (more than 64 squares?): \"{2}\"", what, c, shown));
                }
            }
            if (squares < 64) throw new FormatException(string.Format("{0}: {1} squares, not 64, and no side to move: \"{2}\"", what, squares, shown));
            if (blackToMove == null) throw new FormatException(string.Format("{0}: no side to move (X or O) after the 64 squares (63 squares and a side?): \"{1}\"", what, shown));
            return blackToMove.Value ? new Game(black, white, true) : new Game(white, black, false);
        }

        /// <summary>Edax's board text: 64 squares A1..H8 ('X' black, 'O' white, '-' empty), a space, the side to move ('X' or 'O').</summary>
        public string ToText()
        {
            ulong black = BlackBits, white = WhiteBits;
            var s = new char[66];
            for (int x = 0; x < 64; x++) s[x] = (black >> x & 1) != 0 ? 'X' : (white >> x & 1) != 0 ? 'O' : '-';
            s[64] = ' ';
            s[65] = now.Black ? 'X' : 'O';
            return new string(s);
        }

        /// <summary>An Edax .obf line of the position: the board text and ';'.</summary>
        public string ToObf() { return ToText() + ";"; }

        /// <summary>Game.FromText("...") with the position's text.</summary>
        public override string ToString() { return "Game.FromText(\"" + ToText() + "\")"; }

        /// <summary>The side to move's discs.</summary>
        public ulong Player { get { return now.P; } }

        /// <summary>The other side's discs.</summary>
        public ulong Opponent { get { return now.O; } }

        /// <summary>The position, seen from the side to move.</summary>
        public Board Board { get { return new Board(now.P, now.O); } }

        /// <summary>Whether black is to move.</summary>
        public bool BlackToMove { get { return now.Black; } }

        /// <summary>Moves and passes played since the game's first position (what Undo can take back).</summary>
        public int Ply { get { return ply; } }

        ulong BlackBits { get { return now.Black ? now.P : now.O; } }

        ulong WhiteBits { get { return now.Black ? now.O : now.P; } }

        /// <summary>The legal moves of the side to move, as a bitboard (one ek_get_moves per position).</summary>
        public ulong LegalMoves
        {
            get
            {
                if (!now.MovesKnown)
                {
                    now.Moves = Native.ek_get_moves(now.P, now.O);
                    now.MovesKnown = true;
                }
                return now.Moves;
            }
        }

        /// <summary>The legal moves of the side to move, as squares (0..63, A1 first).</summary>
        public int[] Moves()
        {
            ulong m = LegalMoves;
            var squares = new int[PopCount(m)];
            for (int i = 0; m != 0; m &= m - 1) squares[i++] = TrailingZeros(m);
            return squares;
        }

        /// <summary>Whether the other side can move (asked only when the side to move cannot).</summary>
        bool OtherCanMove
        {
            get
            {
                if (now.OtherCanMove == 0) now.OtherCanMove = Native.ek_can_move(now.O, now.P) ? (byte)1 : (byte)2;
                return now.OtherCanMove == 1;
            }
        }

        /// <summary>Whether the side to move must pass: it has no move, the other side has one.</summary>
        public bool MustPass { get { return LegalMoves == 0 && OtherCanMove; } }

        /// <summary>Whether the game is over: neither side can move.</summary>
        public bool IsOver { get { return LegalMoves == 0 && !OtherCanMove; } }

        /// <summary>Black's discs, counted.</summary>
        public int BlackDiscs { get { return PopCount(BlackBits); } }

        /// <summary>White's discs, counted.</summary>
        public int WhiteDiscs { get { return PopCount(WhiteBits); } }

        /// <summary>The empty squares, counted.</summary>
        public int Empties { get { return 64 - PopCount(now.P | now.O); } }

        /// <summary>
        /// Black's final score once the game is over, as the solver counts it: black's discs
        /// minus white's, the empty squares going to the winner (none on a draw); null while the
        /// game goes on.
        /// </summary>
        public int? Score
        {
            get
            {
                if (!IsOver) return null;
                int black = BlackDiscs, white = WhiteDiscs, empties = 64 - black - white;
                return black > white ? black - white + empties : black < white ? black - white - empties : 0;
            }
        }

        /// <summary>Who won (Black, White or Draw) once the game is over; Winner.None while it goes on.</summary>
        public Winner Winner
        {
            get
            {
                int? score = Score;
                if (score == null) return Winner.None;
                return score > 0 ? Winner.Black : score < 0 ? Winner.White : Winner.Draw;
            }
        }

        /// <summary>
        /// The side to move plays <paramref name="x"/> (0..63; one ek_flip). Throws
        /// ArgumentOutOfRangeException for a square outside 0..63 (Kernels.Pass included: Pass()
        /// passes), ArgumentException when it is not a legal move; the message names the square.
        /// </summary>
        public void Play(int x)
        {
            if (x < 0 || x > 63)
            {
                throw new ArgumentOutOfRangeException("x", x, string.Format("Game.Play: {0} is not a square (0..63){1}",
                    x, x == Kernels.Pass ? "; to pass, call Pass()" : ""));
            }
            ulong bit = 1UL << x;
            // A move is legal exactly when its square is empty and it flips discs: the legal
            // moves, when known, spare the call for an illegal one.
            ulong flipped = ((now.P | now.O) & bit) != 0 || (now.MovesKnown && (now.Moves & bit) == 0) ? 0 : Native.ek_flip(x, now.P, now.O);
            if (flipped == 0) throw new ArgumentException(Illegal(x), "x");
            Push(new Position { P = now.O ^ flipped, O = now.P ^ flipped ^ bit, Black = !now.Black });
        }

        string Illegal(int x)
        {
            return string.Format("Game.Play: {0} (square {1}) is not a legal move for {2}: {3} (legal: {4})", Square(x), x,
                now.Black ? "black" : "white", ((now.P | now.O) >> x & 1) != 0 ? "it is occupied" : "it flips no disc",
                LegalMoves == 0 ? "none" : Squares(LegalMoves));
        }

        /// <summary>
        /// The side to move passes. Throws InvalidOperationException when it has a move, or when
        /// the game is over.
        /// </summary>
        public void Pass()
        {
            if (LegalMoves != 0)
            {
                throw new InvalidOperationException(string.Format("Game.Pass: {0} has a move ({1}): no pass",
                    now.Black ? "black" : "white", Squares(LegalMoves)));
            }
            if (!OtherCanMove) throw new InvalidOperationException("Game.Pass: the game is over (neither side can move): no pass");
            PushPass();
        }

        void PushPass()
        {
            // The side that passes has no move: known for the next position's other side.
            Push(new Position { P = now.O, O = now.P, Black = !now.Black, OtherCanMove = 2 });
        }

        void Push(Position next)
        {
            if (ply == history.Length) Array.Resize(ref history, 2 * ply);
            history[ply++] = now;
            now = next;
        }

        /// <summary>Takes back the last move or pass. Throws InvalidOperationException at the game's first position.</summary>
        public void Undo()
        {
            if (ply == 0) throw new InvalidOperationException("Game.Undo: nothing to undo (this is the game's first position)");
            now = history[--ply];
        }

        /// <summary>
        /// A legal move of the side to move chosen uniformly with <paramref name="rng"/>, not
        /// played: Kernels.Pass (64) when it must pass, Kernels.NoMove (65) when the game is over.
        /// </summary>
        public int RandomMove(Random rng)
        {
            if (rng == null) throw new ArgumentNullException("rng");
            ulong m = LegalMoves;
            if (m == 0) return OtherCanMove ? Kernels.Pass : Kernels.NoMove;
            for (int k = rng.Next(PopCount(m)); k > 0; k--) m &= m - 1;
            return TrailingZeros(m);
        }

        /// <summary>
        /// Plays RandomMove(rng) and returns it: a square, Kernels.Pass (a pass was played) or
        /// Kernels.NoMove (the game is over; nothing was played).
        /// </summary>
        public int PlayRandom(Random rng)
        {
            int x = RandomMove(rng);
            if (x == Kernels.Pass)
            {
                PushPass();
            }
            else if (x != Kernels.NoMove)
            {
                ulong bit = 1UL << x, flipped = Native.ek_flip(x, now.P, now.O);
                Push(new Position { P = now.O ^ flipped, O = now.P ^ flipped ^ bit, Black = !now.Black });
            }
            return x;
        }

        /// <summary>The name of square x: "A1" .. "H8".</summary>
        static string Square(int x) { return string.Format("{0}{1}", (char)('A' + x % 8), x / 8 + 1); }

        /// <summary>The names of the squares of b, separated by spaces.</summary>
        static string Squares(ulong b)
        {
            var names = new StringBuilder();
            for (; b != 0; b &= b - 1) names.Append(names.Length == 0 ? "" : " ").Append(Square(TrailingZeros(b)));
            return names.ToString();
        }

        static int PopCount(ulong b)
        {
            b -= (b >> 1) & 0x5555555555555555UL;
            b = (b & 0x3333333333333333UL) + ((b >> 2) & 0x3333333333333333UL);
            b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fUL;
            return (int)((b * 0x0101010101010101UL) >> 56);
        }

        /// <summary>The index of the lowest set bit of b (b != 0).</summary>
        static int TrailingZeros(ulong b) { return PopCount((b & (~b + 1)) - 1); }
    }
}
