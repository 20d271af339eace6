$CHESSTOOL report --json --crosstable --k 'Li, Wei=10' report/rapid.pgn
