$CHESSTOOL validate pgn/invalid/empty.pgn
