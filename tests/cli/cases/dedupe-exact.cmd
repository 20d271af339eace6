$CHESSTOOL dedupe ../tests/cli/cases/dedupe-planted.pgn
