$CHESSTOOL report --lang ar report/swiss.pgn
