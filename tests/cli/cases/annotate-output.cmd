d=$(mktemp -d); $CHESSTOOL annotate -o "$d/out.pgn" annotate/knights-dance.pgn; echo "exit $?"; cat "$d/out.pgn"; rm -rf "$d"
