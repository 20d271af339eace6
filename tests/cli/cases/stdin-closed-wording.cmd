for c in "validate -q -" "fen" "board -" "filter -q -" "convert --from fen --to fen -" "convert --from json --to pgn -"; do $CHESSTOOL $c <&- >/dev/null; echo "status $?"; done
