$CHESSTOOL filter --where 'White ~ "[" or Black == "x"' sample/twic-232games.pgn; echo "exit $?"; $CHESSTOOL filter --date 2024.01.02..2024.01.01 sample/twic-232games.pgn; echo "exit $?"
