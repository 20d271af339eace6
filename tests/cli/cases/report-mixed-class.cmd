$CHESSTOOL report report/mixed-class.pgn
