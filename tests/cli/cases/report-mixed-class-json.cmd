$CHESSTOOL report --json report/mixed-class.pgn
