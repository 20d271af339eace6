f=../tests/cli/cases/filter-variation-illegal.pgn; $CHESSTOOL filter --json --eco E20 $f; $CHESSTOOL filter --json --eco E20 --valid $f; $CHESSTOOL filter --json --eco E20 --invalid $f
