$CHESSTOOL filter --where 'WhiteElo >= 2500 and (Black ~ Carl or' ../tests/cli/cases/filter-games.pgn
