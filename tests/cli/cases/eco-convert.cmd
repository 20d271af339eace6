$CHESSTOOL convert --eco --to pgn ../tests/cli/cases/eco-games.pgn
