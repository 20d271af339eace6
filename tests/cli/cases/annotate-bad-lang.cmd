$CHESSTOOL annotate --lang fr annotate/endings.pgn
