$CHESSTOOL convert --to pgn pgn/invalid/broken-then-good.pgn
