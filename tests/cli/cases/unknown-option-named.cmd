$CHESSTOOL --bogus; echo "exit $?"; $CHESSTOOL convert --tp pgn x.pgn; echo "exit $?"
