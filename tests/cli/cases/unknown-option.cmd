$CHESSTOOL validate --frobnicate
