$CHESSTOOL fen startpos && $CHESSTOOL fen --json startpos && printf 'startpos\n' | $CHESSTOOL fen
