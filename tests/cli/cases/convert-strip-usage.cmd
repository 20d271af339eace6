$CHESSTOOL convert --to json --strip clk convert/commands.pgn; echo "exit $?"; $CHESSTOOL convert --to pgn --strip clock convert/commands.pgn
