$CHESSTOOL perft "8/8/8 w - -" 3
