$CHESSTOOL validate pgn/recovery/unterminated-comment.pgn
