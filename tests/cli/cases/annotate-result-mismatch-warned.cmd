printf '[Event "x"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 0-1\n\n[Event "y"]\n[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n' | $CHESSTOOL annotate -; echo "exit $?"
