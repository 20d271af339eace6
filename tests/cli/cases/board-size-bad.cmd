$CHESSTOOL board startpos --svg - --size 5; echo "exit $?"; $CHESSTOOL board startpos --size 300; echo "exit $?"
