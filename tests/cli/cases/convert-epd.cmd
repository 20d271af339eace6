printf "1. e4 c5 *\n" | $CHESSTOOL convert --to epd
