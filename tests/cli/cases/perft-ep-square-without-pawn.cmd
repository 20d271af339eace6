$CHESSTOOL perft "4k3/8/8/8/8/8/8/4K3 b - e3" 1
