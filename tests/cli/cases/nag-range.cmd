$CHESSTOOL convert --to json - | $CHESSTOOL convert --from json --to pgn -; echo "exit $?"
