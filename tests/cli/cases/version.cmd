$CHESSTOOL --version
