$CHESSTOOL validate terminal/escapes.pgn
