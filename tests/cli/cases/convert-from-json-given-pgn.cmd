$CHESSTOOL convert --from json --to pgn -
