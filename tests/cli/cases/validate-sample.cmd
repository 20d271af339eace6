$CHESSTOOL validate sample/twic-232games.pgn
