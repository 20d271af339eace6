$CHESSTOOL validate --json - | head -1
