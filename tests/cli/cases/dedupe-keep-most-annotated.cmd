$CHESSTOOL dedupe --keep most-annotated --json -q -o /dev/null ../tests/cli/cases/dedupe-planted.pgn | grep -v '"invalid"'
