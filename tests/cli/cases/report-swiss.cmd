$CHESSTOOL report report/swiss.pgn
