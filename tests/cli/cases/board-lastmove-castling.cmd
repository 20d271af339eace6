$CHESSTOOL board "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4" --lastmove e1g1 && $CHESSTOOL board "rnbqkbnr/ppppppp1/7p/8/8/7P/PPPPPPP1/RNBQKBNR b KQkq - 1 3" --lastmove h2h1
