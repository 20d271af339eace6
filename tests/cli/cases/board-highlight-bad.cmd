$CHESSTOOL board startpos --svg - --highlight Qd4; echo "exit $?"; $CHESSTOOL board startpos --svg - --highlight d9; echo "exit $?"; $CHESSTOOL board startpos --highlight d4; echo "exit $?"
