$CHESSTOOL fen --json
