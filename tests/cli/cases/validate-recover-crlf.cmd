$CHESSTOOL validate pgn/recovery/unterminated-comment-crlf.pgn
