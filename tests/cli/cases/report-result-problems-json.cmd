$CHESSTOOL report --json report-results/result-problems.pgn
