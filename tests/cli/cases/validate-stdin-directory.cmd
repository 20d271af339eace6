$CHESSTOOL validate -q </
