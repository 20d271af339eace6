t=$(mktemp -d) && $CHESSTOOL report --trf "$t/luxor.trf" report/mixed-class.pgn >/dev/null; echo "exit $?"; sed "s/\r$/<CR>/" "$t/luxor.trf"; rm -rf "$t"
