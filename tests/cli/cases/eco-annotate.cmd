$CHESSTOOL annotate --eco ../tests/cli/cases/eco-games.pgn
