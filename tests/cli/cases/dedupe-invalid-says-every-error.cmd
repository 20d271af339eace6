printf '[Event "x"]\n[Result "*"]\n\n1. d4 d5 2. Nf3 Nc6<br 3. e3 e3 *\n' | $CHESSTOOL dedupe - >/dev/null; echo "exit $?"
