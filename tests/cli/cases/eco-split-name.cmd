f=../tests/cli/cases/eco-split-name.pgn; $CHESSTOOL validate --eco --strict $f; echo "exit $?"; $CHESSTOOL annotate --eco $f | grep -E "^\[(Event|Opening|Variation)"
