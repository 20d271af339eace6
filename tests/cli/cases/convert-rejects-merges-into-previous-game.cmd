d=$(mktemp -d); $CHESSTOOL convert --to uci - --rejects "$d/r.pgn" >/dev/null 2>"$d/err"; echo "exit $?"; sed "s|$d/||g" "$d/err"; cat "$d/r.pgn"; rm -rf "$d"
