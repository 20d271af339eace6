$CHESSTOOL perft '8/8/8/4k3/8/8/8/4K3 w - - 0 1' 23 --hash 16 --threads 1 --json --expect 14428444176568753042; echo "exit $?"; $CHESSTOOL perft startpos 1 --expect 18446744073709551615
