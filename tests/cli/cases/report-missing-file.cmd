$CHESSTOOL report report/missing.pgn
