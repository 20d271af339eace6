$CHESSTOOL filter --json --invert --tc-class blitz --tc-class standard ../tests/cli/cases/filter-games.pgn
