$CHESSTOOL validate --quiet pgn/invalid/binary-garbage.pgn; echo "exit $?"
