$CHESSTOOL validate --json -
