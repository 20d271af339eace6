$CHESSTOOL report --json report/round-robin.pgn
