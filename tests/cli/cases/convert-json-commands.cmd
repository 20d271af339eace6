$CHESSTOOL convert --to json convert/commands.pgn
