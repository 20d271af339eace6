$CHESSTOOL filter --player '^Carlsen' --elo 2790.. ../tests/cli/cases/filter-games.pgn
