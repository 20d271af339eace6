$CHESSTOOL perft startpos 65
