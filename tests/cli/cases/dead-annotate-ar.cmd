$CHESSTOOL annotate --lang ar -
