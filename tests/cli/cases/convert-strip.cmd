$CHESSTOOL convert --to pgn --strip clk,eval convert/commands.pgn && $CHESSTOOL convert --to pgn --strip emt --strip arrows convert/commands.pgn
