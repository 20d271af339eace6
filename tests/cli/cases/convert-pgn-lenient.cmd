printf "[Result \"*\"]\n\n1. e2e4 e7e5 2. Ng1-f3 Nb8c6 3. Bf1c4 Bf8-c5 4. 0-0 Ng8-f6 5. d2d3 0-0 *\n" | $CHESSTOOL convert --to pgn -
