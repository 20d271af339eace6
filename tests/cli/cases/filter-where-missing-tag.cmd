$CHESSTOOL filter --json --where 'WhiteElo != 2830' ../tests/cli/cases/filter-games.pgn
