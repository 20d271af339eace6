t=$(mktemp -d) && $CHESSTOOL report --trf "$t/giza.trf" report/swiss.pgn >/dev/null; echo "exit $?"; sed "s/\r$/<CR>/" "$t/giza.trf"; rm -rf "$t"
