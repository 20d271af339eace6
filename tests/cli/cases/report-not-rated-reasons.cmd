d=$(mktemp -d) && cat > "$d/reasons.pgn" && cd "$d" && $CHESSTOOL report reasons.pgn; $CHESSTOOL report --json reasons.pgn | grep -o '"not_rated_code":"[a-z_0-9]*"'; cd / && rm -rf "$d"
