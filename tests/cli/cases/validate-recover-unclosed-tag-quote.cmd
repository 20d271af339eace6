$CHESSTOOL validate --json --quiet pgn/recovery/unclosed-tag-quote.pgn | jq -c 'if .type == "game" then [.game, .line, .valid, .tags, [.warnings[].code]] else {games, valid, invalid} end'
