$CHESSTOOL validate pgn/invalid/unterminated-comment.pgn
