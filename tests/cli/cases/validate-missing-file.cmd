$CHESSTOOL validate no-such-file.pgn pgn/invalid/illegal-move.pgn
