$CHESSTOOL fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" "8/8/8/8/8/8/8/8 w - - 0 1"
