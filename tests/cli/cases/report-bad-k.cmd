$CHESSTOOL report --k 'Li, Wei=15' report/rapid.pgn
