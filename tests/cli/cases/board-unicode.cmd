$CHESSTOOL board startpos --unicode
