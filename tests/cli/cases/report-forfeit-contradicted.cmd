$CHESSTOOL report report-results/forfeit-contradicted.pgn
