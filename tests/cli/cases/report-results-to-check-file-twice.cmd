$CHESSTOOL report report-results/one-result-problem.pgn report-results/one-result-problem.pgn
