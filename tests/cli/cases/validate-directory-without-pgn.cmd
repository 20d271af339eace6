$CHESSTOOL validate empty-dir
