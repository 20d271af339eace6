$CHESSTOOL perft startpos 4
