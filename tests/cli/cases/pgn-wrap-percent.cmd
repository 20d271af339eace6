$CHESSTOOL convert --to pgn -
