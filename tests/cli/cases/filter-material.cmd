$CHESSTOOL filter --json --material kr:krn --either-colour ../tests/cli/cases/filter-games.pgn; $CHESSTOOL filter -q --json --material KRN:KR --final-material ../tests/cli/cases/filter-games.pgn
