d=$(mktemp -d) && gzip -c pgn/invalid/illegal-move.pgn > "$d/x.pgn.gz" && $CHESSTOOL validate "$d/x.pgn.gz" 2>&1 | sed "s|$d/||"; rm -rf "$d"
