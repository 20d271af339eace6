$CHESSTOOL validate --jobs 0 x.pgn
