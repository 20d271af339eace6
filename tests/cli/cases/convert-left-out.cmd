$CHESSTOOL convert --to json - | wc -l; $CHESSTOOL convert --to uci -
