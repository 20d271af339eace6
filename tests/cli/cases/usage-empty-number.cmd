$CHESSTOOL validate --jobs '' report/rapid.pgn; echo "status $?"; $CHESSTOOL perft startpos ''
