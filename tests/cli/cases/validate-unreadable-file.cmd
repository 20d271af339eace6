$CHESSTOOL validate /proc/self/mem
