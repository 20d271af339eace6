$CHESSTOOL validate - < pgn/invalid/illegal-move.pgn
