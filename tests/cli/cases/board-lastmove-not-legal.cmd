$CHESSTOOL board startpos --lastmove e2e5
