$CHESSTOOL filter --where 'WhiteElo >= 2500 and Date >= 2021' ../tests/cli/cases/filter-games.pgn
