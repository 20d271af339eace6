t=$(mktemp) && cat >"$t" && { $CHESSTOOL filter --to pgn - <"$t" >/dev/null; $CHESSTOOL filter - <"$t" >/dev/null; $CHESSTOOL filter -q --to json - <"$t" | wc -l; }; rm -f "$t"
