t=$(mktemp -d) && $CHESSTOOL report --trf "$t/alex.trf" report/round-robin.pgn >/dev/null; echo "exit $?"; sed "s/\r$/<CR>/" "$t/alex.trf"; rm -rf "$t"
