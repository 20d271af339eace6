$CHESSTOOL --help
