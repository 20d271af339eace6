printf "1. e4 e5 *\n" | $CHESSTOOL convert --to uci --eco -
