$CHESSTOOL annotate - > /dev/null
