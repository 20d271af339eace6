f=../tests/cli/cases/setup-letter-case.pgn; $CHESSTOOL validate $f; echo "status $?"; $CHESSTOOL validate --strict $f
