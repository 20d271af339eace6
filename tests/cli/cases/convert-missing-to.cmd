$CHESSTOOL convert sample/twic-232games.pgn
