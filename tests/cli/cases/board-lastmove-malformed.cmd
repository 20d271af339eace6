$CHESSTOOL board startpos --lastmove e2
