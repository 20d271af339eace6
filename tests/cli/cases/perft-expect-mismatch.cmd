$CHESSTOOL perft startpos 3 --expect 8903
