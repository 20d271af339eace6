$CHESSTOOL dedupe --keep most-tags --json -q -o /dev/null ../tests/cli/cases/dedupe-planted.pgn | grep -v '"invalid"'
