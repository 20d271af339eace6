$CHESSTOOL board "8/8 w - -"
