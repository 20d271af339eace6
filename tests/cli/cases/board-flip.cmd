$CHESSTOOL board "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" --flip --lastmove e2e4 && $CHESSTOOL board startpos --flip --unicode
