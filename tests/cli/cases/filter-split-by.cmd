d=$(mktemp -d) && $CHESSTOOL filter --split-by White -o "$d/games.pgn.gz" ../tests/cli/cases/filter-games.pgn; echo "exit $?"; ls "$d"; zcat "$d/games-Carlsen_Magnus.pgn.gz" | grep Event; rm -rf "$d"
