$CHESSTOOL report --json --csv report/rapid.pgn
