$CHESSTOOL convert --from json --to pgn convert/errors.ndjson --rejects /dev/null
