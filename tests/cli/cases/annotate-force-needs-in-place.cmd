$CHESSTOOL annotate --force sample/twic-232games.pgn
