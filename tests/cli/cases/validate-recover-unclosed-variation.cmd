$CHESSTOOL validate pgn/recovery/unclosed-variation.pgn
