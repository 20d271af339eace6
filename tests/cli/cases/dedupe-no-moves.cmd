f=../tests/cli/cases/dedupe-no-moves.pgn; $CHESSTOOL dedupe --json -o /dev/null $f; $CHESSTOOL dedupe --keep most-tags --embedded -q --duplicates /dev/stdout -o /dev/null $f
