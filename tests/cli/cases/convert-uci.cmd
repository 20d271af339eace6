$CHESSTOOL convert --to uci sample/twic-232games.pgn | head -3 | cut -c1-120
