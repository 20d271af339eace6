$CHESSTOOL annotate -; echo "exit $?"
