for i in $(seq 30 -1 1); do printf '[Event "Open %02d"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 1-0\n\n' $i; done | $CHESSTOOL report --event 'Closed' -
