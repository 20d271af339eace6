export LC_ALL=C; d=$(mktemp -d) && cd "$d" && { $CHESSTOOL filter - --split-by Event -o games.pgn; echo "exit $?"; for f in *; do echo "== $f"; cat "$f"; done; }; cd / && rm -rf "$d"
