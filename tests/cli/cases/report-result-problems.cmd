$CHESSTOOL report report-results/result-problems.pgn
