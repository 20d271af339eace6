$CHESSTOOL report --crosstable report/round-robin.pgn
