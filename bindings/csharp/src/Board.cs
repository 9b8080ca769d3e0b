using System;
using System.Runtime.InteropServices;

namespace EdaxKernels
{
    /// <summary>An Othello position seen from the side to move (the C EkBoard).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Board : IEquatable<Board>
    {
        /// <summary>Discs of the side to move.</summary>
        public ulong Player;
        /// <summary>Discs of the other side.</summary>
        public ulong Opponent;

        public Board(ulong player, ulong opponent)
        {
            Player = player;
            Opponent = opponent;
        }

        /// <summary>The start position, black to move.</summary>
        public static readonly Board Start = new Board(0x0000000810000000UL, 0x0000001008000000UL);

        public bool Equals(Board other) { return Player == other.Player && Opponent == other.Opponent; }
        public override bool Equals(object obj) { return obj is Board && Equals((Board)obj); }
        public override int GetHashCode() { return (Player ^ (Opponent * 31)).GetHashCode(); }
        public override string ToString() { return string.Format("Board({0:x16}, {1:x16})", Player, Opponent); }
    }
}
