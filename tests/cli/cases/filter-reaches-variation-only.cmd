$CHESSTOOL filter --reaches 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2' ../tests/cli/cases/filter-games.pgn
