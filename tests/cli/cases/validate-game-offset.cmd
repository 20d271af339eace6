$CHESSTOOL validate --game-offset 1000 pgn/invalid/illegal-move.pgn
