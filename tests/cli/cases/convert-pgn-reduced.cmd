printf "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {best by test} e5 \$1 (1... c5 2. Nf3) 2. Nf3 *\n" | $CHESSTOOL convert --to pgn --reduced -
