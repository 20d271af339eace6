$CHESSTOOL convert --to json convert/commands.pgn | $CHESSTOOL convert --from json --to pgn
