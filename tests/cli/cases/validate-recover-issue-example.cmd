printf '[Event "a"]\n\n1. e4 { oops\n\n[Event "b"]\n\n1. d4 d5 *\n' | $CHESSTOOL validate --json
