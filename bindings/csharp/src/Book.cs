using System;
using System.Text;

namespace EdaxKernels
{
    /// <summary>
    /// Edax 4.6's opening book (book.dat): new Book(level, nEmpties) an empty one, Book.Load(path)
    /// a file, read byte for byte (Save(path) writes it back; a date may be given), Book.Import(path)
    /// a text export. A bad file throws EdaxKernelsException (EK_ERR_BOOK_FORMAT -13, or EK_ERR_IO
    /// -6) with the library's message: the file, the byte offset and what is wrong there. A board
    /// may be any of the 8 symmetries of a book position. RandomMove, Line and Engine.Play use the
    /// book's generator (Edax's, seeded with 0: Seed). Not for two threads at once. Dispose frees it.
    /// </summary>
    public sealed class Book : IDisposable
    {
        internal readonly BookHandle Handle;
        const int ErrBookFormat = -13, MessageSize = 1024;

        static Book()
        {
            Library.EnsureLoaded();
        }

        Book(BookHandle handle) { Handle = handle; }

        /// <summary>An empty book (Edax's book_init) whose positions would be searched at
        /// <paramref name="level"/> and stop at <paramref name="nEmpties"/> empty squares.</summary>
        public Book(int level = 21, int nEmpties = 24)
        {
            Handle = Native.ek_book_new(level, nEmpties);
            if (Handle.IsInvalid)
            {
                Handle.Dispose();
                Kernels.Check(Kernels.ErrNoMemory);
            }
        }

        static byte[] Path(string path)
        {
            if (path == null) throw new ArgumentNullException("path");
            return Encoding.UTF8.GetBytes(path + "\0");
        }

        static string Text(byte[] buf)
        {
            int n = Array.IndexOf(buf, (byte)0);
            return Encoding.UTF8.GetString(buf, 0, n < 0 ? buf.Length : n);
        }

        static Book Opened(BookHandle h, int status, byte[] message)
        {
            if (!h.IsInvalid) return new Book(h);
            h.Dispose();
            if (status >= 0) status = Kernels.ErrInternal;
            string m = Text(message);
            throw new EdaxKernelsException("edax_kernels: " + (m.Length > 0 ? m : "book not loaded"), status);
        }

        /// <summary>The book of an Edax book.dat; throws with the file and byte offset of a fault.</summary>
        public static Book Load(string path)
        {
            var message = new byte[MessageSize];
            int status;
            var h = Native.ek_book_load(Path(path), out status, message, (UIntPtr)message.Length);
            return Opened(h, status, message);
        }

        /// <summary>The book of an Edax text export (book import without searches: read, linked,
        /// negamaxed and sorted); a bad line throws with its byte offset and line number.</summary>
        public static Book Import(string path)
        {
            var message = new byte[MessageSize];
            int status;
            var h = Native.ek_book_import(Path(path), out status, message, (UIntPtr)message.Length);
            return Opened(h, status, message);
        }

        /// <summary>Writes the book as Edax's book_save, dated with the book's own date (a loaded
        /// book's: the same file back).</summary>
        public void Save(string path) { Kernels.Check(Native.ek_book_save(Handle, Path(path), -1, 0, 0, 0, 0, 0)); }

        /// <summary>Writes the book as Edax's book_save with this date (Edax stamps its clock);
        /// throws EK_ERR_RANGE for a field outside a byte (the year: a 16-bit integer).</summary>
        public void Save(string path, int year, int month, int day, int hour, int minute, int second)
        {
            if (year < 0) Kernels.Check(Kernels.ErrRange);
            Kernels.Check(Native.ek_book_save(Handle, Path(path), year, month, day, hour, minute, second));
        }

        /// <summary>The number of positions.</summary>
        public long Count { get { return Native.ek_book_size(Handle); } }

        /// <summary>Whether <paramref name="board"/> is in the book, and then its entry.</summary>
        public bool Probe(Board board, out BookEntry entry)
        {
            int r = Native.ek_book_probe(Handle, ref board, out entry);
            Kernels.Check(r);
            return r == 1;
        }

        /// <summary>The entry of <paramref name="board"/>, or null when it is not in the book.</summary>
        public BookEntry? Probe(Board board)
        {
            BookEntry e;
            return Probe(board, out e) ? e : (BookEntry?)null;
        }

        /// <summary>The book moves of <paramref name="board"/> (links and leaf) in Edax's order, best
        /// first (book_get_moves); empty when it is not in the book.</summary>
        public BookMove[] Moves(Board board)
        {
            var moves = new int[64];
            var scores = new int[64];
            int n = Native.ek_book_moves(Handle, ref board, moves, scores, moves.Length);
            if (n == Kernels.ErrRange) return new BookMove[0];
            Kernels.Check(n);
            var list = new BookMove[Math.Min(n, moves.Length)];
            for (int i = 0; i < list.Length; i++) list[i] = new BookMove(moves[i], scores[i]);
            return list;
        }

        /// <summary>Seeds the book's generator (Edax's random_seed).</summary>
        public void Seed(ulong seed) { Native.ek_book_seed(Handle, seed); }

        /// <summary>Edax's book_get_random_move: among the moves scoring at least the value minus
        /// <paramref name="randomness"/>, the one the generator picks (Kernels.NoMove, score 0, when
        /// none does); null when the board is not in the book.</summary>
        public BookMove? RandomMove(Board board, int randomness = 0)
        {
            int move, score;
            int r = Native.ek_book_random_move(Handle, ref board, randomness, out move, out score);
            Kernels.Check(r);
            return r == 1 ? new BookMove(move, score) : (BookMove?)null;
        }

        /// <summary>Edax's book_get_line: <paramref name="first"/>, then the book's best moves while the
        /// position is in the book.</summary>
        public int[] Line(Board board, int first)
        {
            var line = new int[130];
            int n = Native.ek_book_line(Handle, ref board, first, line, line.Length);
            Kernels.Check(n);
            Array.Resize(ref line, Math.Min(n, line.Length));
            return line;
        }

        /// <summary>Edax's book_get_game_stats: wins, draws, losses, lines below the board (zeros when
        /// not in the book).</summary>
        public ulong[] GameStats(Board board)
        {
            var stats = new ulong[4];
            Kernels.Check(Native.ek_book_game_stats(Handle, ref board, stats));
            return stats;
        }

        /// <summary>book info's text as Edax prints it.</summary>
        public string Info()
        {
            long n = Native.ek_book_info(Handle, null, UIntPtr.Zero);
            Kernels.Check((int)Math.Max(n, int.MinValue));
            var buf = new byte[n + 1];
            Native.ek_book_info(Handle, buf, (UIntPtr)buf.Length);
            return Text(buf);
        }

        /// <summary>Writes Edax's text export (book export) to <paramref name="path"/>.</summary>
        public void Export(string path) { Kernels.Check(Native.ek_book_export(Handle, Path(path))); }

        /// <summary>Edax's book merge: adds each position of <paramref name="other"/> this book lacks
        /// (its leaf and level only).</summary>
        public void Merge(Book other)
        {
            if (other == null) throw new ArgumentNullException("other");
            Kernels.Check(Native.ek_book_merge(Handle, other.Handle));
        }

        /// <summary>Edax's book negamax (no search), then every position's links sorted.</summary>
        public void Negamax() { Kernels.Check(Native.ek_book_negamax(Handle)); }

        /// <summary>Frees the book once no native call uses it.</summary>
        public void Dispose() { Handle.Dispose(); }
    }
}
