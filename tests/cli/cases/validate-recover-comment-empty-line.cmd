$CHESSTOOL validate pgn/recovery/comment-empty-line.pgn
