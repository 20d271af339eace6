$CHESSTOOL validate pgn/invalid/broken-then-good.pgn
