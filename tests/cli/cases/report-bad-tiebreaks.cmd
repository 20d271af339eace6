$CHESSTOOL report --tiebreaks DE,XX report/swiss.pgn
