$CHESSTOOL validate --jobs 2 --json pgn/invalid/broken-then-good.pgn sample/twic-232games.pgn 2>/dev/null | jq -c "select(.type==\"game\") | [.file, .game, .valid, .plies]" | sed -n "1,6p;230,236p"
