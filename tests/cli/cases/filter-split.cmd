d=$(mktemp -d) && $CHESSTOOL filter -q --split 3 -o "$d/out.pgn" ../tests/cli/cases/filter-games.pgn; echo "exit $?"; ls "$d"; cat "$d/out-0003.pgn"; rm -rf "$d"
