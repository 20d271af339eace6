$CHESSTOOL convert --from json --to uci -
