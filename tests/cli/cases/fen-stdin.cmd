$CHESSTOOL fen < fen/mixed.txt
