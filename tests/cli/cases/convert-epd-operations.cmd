$CHESSTOOL convert --from fen --to epd convert/operations.epd
