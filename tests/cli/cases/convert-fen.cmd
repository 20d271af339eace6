printf "1. e4 c5 2. e5 d5 *\n" | $CHESSTOOL convert --to fen
