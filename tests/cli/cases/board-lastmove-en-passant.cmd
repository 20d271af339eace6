$CHESSTOOL board "rnbqkbnr/ppp1p1pp/5p2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3" --lastmove d7d5 && $CHESSTOOL board "rnbqkbnr/ppp1p1pp/5p2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3" --lastmove d7d5
