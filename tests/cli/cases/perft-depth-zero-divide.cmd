$CHESSTOOL perft startpos 0 --divide --json | jq -c "{depth, nodes, divide}"; $CHESSTOOL perft startpos 0 --json | jq -c "{depth, nodes}"
