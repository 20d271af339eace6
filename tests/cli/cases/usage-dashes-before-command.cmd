for a in "-- validate x" "-- fen startpos" "--" "-- bogus" "--help -- validate"; do $CHESSTOOL $a; echo "exit $?"; done 2>&1
