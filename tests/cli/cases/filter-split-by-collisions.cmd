d=$(mktemp -d) && $CHESSTOOL filter -q --split-by White -o "$d/by" -; echo "exit $?"; ls -A "$d"; rm -rf "$d"
