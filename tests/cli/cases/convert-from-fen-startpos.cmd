$CHESSTOOL convert --from fen --to epd -
