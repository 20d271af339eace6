$CHESSTOOL convert --to json convert/commands.pgn | sed -e 's/"san":"Nc6"/"san":"Nf6"/' -e 's/"fen":"[^"]*"/"fen":"not checked"/g' | $CHESSTOOL convert --from json --to uci -
