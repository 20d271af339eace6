$CHESSTOOL filter --opening "(" sample/twic-232games.pgn; echo "exit $?"
