$CHESSTOOL report --quiet --csv report-results/result-problems.pgn
