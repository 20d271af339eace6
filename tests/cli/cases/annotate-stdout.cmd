$CHESSTOOL annotate annotate/endings.pgn
