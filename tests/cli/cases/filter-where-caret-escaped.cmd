$CHESSTOOL filter --where "$(printf 'White = "a\tb" andd')" sample/twic-232games.pgn; echo "exit $?"
