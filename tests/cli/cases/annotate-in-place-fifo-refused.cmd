d=$(mktemp -d); mkfifo "$d/g.pgn"; timeout 5 $CHESSTOOL annotate --in-place "$d/g.pgn" 2>&1 | sed "s|$d/||"; echo "exit ${PIPESTATUS[0]} (124: blocked on the FIFO)"; ls -A "$d"; rm -rf "$d"
