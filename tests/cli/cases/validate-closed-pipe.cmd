$CHESSTOOL validate --json sample/twic-232games.pgn sample/twic-232games.pgn sample/twic-232games.pgn | head -1 | jq -c "{game, valid, plies}"
