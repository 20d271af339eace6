$CHESSTOOL validate --eco --json -q ../tests/cli/cases/eco-games.pgn | grep -o '"eco":[^,]*,"opening":[^,]*,"eco_ply":[^,}]*'
