$CHESSTOOL filter --help | grep -A1 -e '--has '; printf '[Result "*"]\n\n1. e4 e5 (1... -- 2. d4) 2. Nf3 *\n' | $CHESSTOOL filter -q --has null-move; echo "exit $?"
