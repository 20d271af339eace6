$CHESSTOOL annotate
