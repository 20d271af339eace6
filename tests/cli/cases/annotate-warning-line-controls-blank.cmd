printf '[Event "x"]\n\n1. N\033c\201\010\177f3 *\n' | $CHESSTOOL annotate -q | cat -v
