$CHESSTOOL fen --quiet < fen/mixed.txt
