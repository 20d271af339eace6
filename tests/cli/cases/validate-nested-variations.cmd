$CHESSTOOL validate pgn/valid/nested-10000-variations.pgn
