$CHESSTOOL report report/rapid.pgn
