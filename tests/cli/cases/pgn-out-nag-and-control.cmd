out=$($CHESSTOOL convert --from json --to pgn -); printf "%s\n" "$out"; printf "%s\n" "$out" | $CHESSTOOL validate -; echo "exit $?"
