$CHESSTOOL validate --quiet pgn/invalid/broken-then-good.pgn
