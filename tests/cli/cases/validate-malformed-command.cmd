$CHESSTOOL validate -; echo "exit $?"
