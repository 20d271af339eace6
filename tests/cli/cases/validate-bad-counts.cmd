$CHESSTOOL validate -q --game-offset -5 sample/twic-232games.pgn; echo "exit $?"; $CHESSTOOL validate -q --max-errors 18446744073709551616 sample/twic-232games.pgn; echo "exit $?"
