$CHESSTOOL validate --eco ../tests/cli/cases/eco-games.pgn
