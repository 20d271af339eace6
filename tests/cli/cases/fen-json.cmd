$CHESSTOOL fen --json < fen/mixed.txt
