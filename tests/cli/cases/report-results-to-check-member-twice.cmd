(tar cf - -C report-results one-result-problem.pgn; tar cf - -C report-results one-result-problem.pgn) | $CHESSTOOL report -
