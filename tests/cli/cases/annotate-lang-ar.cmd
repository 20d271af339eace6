$CHESSTOOL annotate --lang ar annotate/knights-dance.pgn annotate/endings.pgn
