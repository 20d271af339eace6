$CHESSTOOL validate --json - | jq -c "select(.type == \"game\") | .errors[] | [.code, .column, .token, .message]"
