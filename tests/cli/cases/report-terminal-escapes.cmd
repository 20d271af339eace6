$CHESSTOOL report terminal/escapes.pgn
