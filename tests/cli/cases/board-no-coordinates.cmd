$CHESSTOOL board startpos --no-coordinates && $CHESSTOOL board startpos --coordinates --no-coordinates --unicode
