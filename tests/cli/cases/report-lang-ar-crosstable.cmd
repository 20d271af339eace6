$CHESSTOOL report --lang ar --crosstable report/rapid.pgn
