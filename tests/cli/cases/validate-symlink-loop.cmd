d=$(mktemp -d); ln -s l2.pgn "$d/l1.pgn"; ln -s l1.pgn "$d/l2.pgn"; $CHESSTOOL validate -q "$d/l1.pgn" 2>&1 | sed "s|$d/||"; echo "exit ${PIPESTATUS[0]}"; rm -rf "$d"
