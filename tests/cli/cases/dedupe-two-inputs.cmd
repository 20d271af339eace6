$CHESSTOOL dedupe -q ../tests/cli/cases/dedupe-planted.pgn ../tests/cli/cases/dedupe-planted.pgn --json -o /dev/null | tail -1
