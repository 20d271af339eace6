$CHESSTOOL annotate annotate/invalid.pgn
