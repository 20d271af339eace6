d=$(mktemp -d) && cp report/swiss.pgn "$d/" && cd "$d" && echo old >t.trf && { $CHESSTOOL report swiss.pgn missing.pgn --trf t.trf >/dev/null; echo "exit $?"; cat t.trf; }; cd / && rm -rf "$d"
