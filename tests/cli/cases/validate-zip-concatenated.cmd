$CHESSTOOL validate archives/joined.zip; echo "status $?"; cat archives/joined.zip | $CHESSTOOL validate -; echo "status $?"
