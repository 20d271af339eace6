$CHESSTOOL perft startpos 3 --json --hash 16
