$CHESSTOOL filter -q --plies 0.. sample/twic-232games.pgn | cmp - sample/twic-232games.pgn && echo identical; $CHESSTOOL filter --json --plies 0.. sample/twic-232games.pgn | tail -1
