for e in -1 -9223372036854775808 99999999999999999999 12x; do $CHESSTOOL perft startpos 2 --expect "$e"; echo "--expect $e: exit $?"; done
