head -c 100000000 /dev/zero | tr "\0" "a" | $CHESSTOOL validate --json - | jq -c "{type, valid, codes: [.errors[]?.code]}"
