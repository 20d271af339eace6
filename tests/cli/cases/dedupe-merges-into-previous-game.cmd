$CHESSTOOL dedupe -
