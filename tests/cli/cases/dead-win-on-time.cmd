$CHESSTOOL validate -
