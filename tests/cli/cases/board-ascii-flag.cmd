$CHESSTOOL board "8/8/8/4k3/8/8/8/4K3 w - - 0 1" --ascii
