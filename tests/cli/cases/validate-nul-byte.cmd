$CHESSTOOL validate pgn/invalid/nul-byte.pgn
