$CHESSTOOL convert -q --to pgn -
