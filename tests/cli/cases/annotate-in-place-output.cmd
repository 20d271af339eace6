$CHESSTOOL annotate --in-place -o out.pgn annotate/endings.pgn
