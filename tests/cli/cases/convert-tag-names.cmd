$CHESSTOOL convert --to pgn convert/tag-names.pgn
