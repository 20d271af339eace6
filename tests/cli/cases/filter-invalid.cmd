$CHESSTOOL filter --invalid ../tests/cli/cases/filter-games.pgn; $CHESSTOOL filter --valid --json ../tests/cli/cases/filter-games.pgn | tail -1
