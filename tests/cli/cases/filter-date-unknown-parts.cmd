$CHESSTOOL filter --json --date 2020.06..2021 ../tests/cli/cases/filter-games.pgn
