$CHESSTOOL validate --max-errors 1 pgn/invalid/broken-then-good.pgn
