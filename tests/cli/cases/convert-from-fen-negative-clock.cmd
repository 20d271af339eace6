$CHESSTOOL convert --from fen --to epd -; echo "exit $?"; $CHESSTOOL board - </
