d=$(mktemp -d) && $CHESSTOOL board startpos --svg "$d/pos.svg" --ascii | tail -1 && head -2 "$d/pos.svg" && grep -c "<use xlink:href=\"#white-" "$d/pos.svg" && ls -A "$d" && rm -r "$d"
