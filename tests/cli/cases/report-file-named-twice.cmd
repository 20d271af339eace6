$CHESSTOOL report report/rapid.pgn ./report/rapid.pgn
