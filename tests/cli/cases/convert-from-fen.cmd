$CHESSTOOL convert --from fen --to epd < fen/mixed.txt
