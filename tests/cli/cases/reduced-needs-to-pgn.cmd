$CHESSTOOL convert --to uci --reduced sample/twic-232games.pgn; echo "exit $?"; $CHESSTOOL filter --reduced sample/twic-232games.pgn; echo "exit $?"
