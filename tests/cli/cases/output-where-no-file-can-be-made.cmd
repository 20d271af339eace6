$CHESSTOOL convert --to uci sample/twic-232games.pgn -o /proc/self/comm
