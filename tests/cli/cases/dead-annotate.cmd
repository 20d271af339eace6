$CHESSTOOL annotate -
