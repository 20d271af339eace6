$CHESSTOOL report --k-default 30 report/rapid.pgn
