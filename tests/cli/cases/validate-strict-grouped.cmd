$CHESSTOOL validate --strict -
