$CHESSTOOL validate --json --quiet terminal/escapes.pgn | jq -c "select(.type == \"game\") | [.tags.White, .tags.Black, .errors[0].token]"
