$CHESSTOOL report --json --trf - report/rapid.pgn; echo "status $?"; $CHESSTOOL report --trf /dev/stdout report/rapid.pgn
