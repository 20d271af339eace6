$CHESSTOOL filter --json --ends checkmate --ends stalemate ../tests/cli/cases/filter-games.pgn
