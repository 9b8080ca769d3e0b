namespace EdaxKernels
{
    /// <summary>Who won a Game: None while it goes on.</summary>
    public enum Winner
    {
        /// <summary>The game is not over.</summary>
        None,
        /// <summary>Black has more discs.</summary>
        Black,
        /// <summary>White has more discs.</summary>
        White,
        /// <summary>Both have as many.</summary>
        Draw,
    }
}
