$CHESSTOOL report -
