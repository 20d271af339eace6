$CHESSTOOL validate --json pgn/invalid/latin1-tags.pgn
