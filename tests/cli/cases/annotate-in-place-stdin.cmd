$CHESSTOOL annotate --in-place
