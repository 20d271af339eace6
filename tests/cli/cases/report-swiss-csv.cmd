$CHESSTOOL report --csv report/swiss.pgn
