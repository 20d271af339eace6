$CHESSTOOL board startpos --svg - --arrow e2e2; echo "exit $?"; $CHESSTOOL board startpos --svg - --arrow Xe2e4; echo "exit $?"; $CHESSTOOL board startpos --arrow e2e4; echo "exit $?"
