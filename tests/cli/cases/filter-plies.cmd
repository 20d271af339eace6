$CHESSTOOL filter --json --plies 2..8 ../tests/cli/cases/filter-games.pgn
