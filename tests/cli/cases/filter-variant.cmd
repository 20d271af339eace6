$CHESSTOOL filter -q --variant chess960 ../tests/cli/cases/filter-games.pgn
