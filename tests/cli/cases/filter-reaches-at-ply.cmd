$CHESSTOOL filter --json --reaches 'rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2' --at-ply 4..10 ../tests/cli/cases/filter-games.pgn
