printf '[Event "Ev1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n[Event "Ev1 "]\n[White "B"]\n[Black "A"]\n[Result "0-1"]\n\n1. e4 e5 0-1\n' | $CHESSTOOL report - | head -2
