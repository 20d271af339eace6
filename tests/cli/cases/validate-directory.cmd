$CHESSTOOL validate --quiet --json pgn | jq -c "select(.type==\"game\") | [.file, .game, .valid]"
