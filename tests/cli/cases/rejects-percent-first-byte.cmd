r=$(mktemp); $CHESSTOOL convert -q --to uci --rejects "$r" - > /dev/null; echo "exit $?"; cat "$r"; $CHESSTOOL validate "$r" 2>&1 | sed "s#$r#REJECTS#"; rm -f "$r"
