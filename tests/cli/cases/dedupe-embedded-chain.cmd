$CHESSTOOL dedupe --embedded --json -o /dev/null ../tests/cli/cases/dedupe-chain.pgn
