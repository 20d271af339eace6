$CHESSTOOL convert --to uci --quiet --jobs 2 pgn/invalid/broken-then-good.pgn sample/twic-232games.pgn | wc -l
