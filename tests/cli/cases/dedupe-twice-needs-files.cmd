cat ../tests/cli/cases/dedupe-planted.pgn | $CHESSTOOL dedupe --keep most-tags -
