$CHESSTOOL report --json report/swiss.pgn
