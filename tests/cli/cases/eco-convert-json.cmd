$CHESSTOOL convert --eco --to json ../tests/cli/cases/eco-games.pgn | grep -o '"start_fen":"[^"]*","eco":[^,]*,"opening":[^,]*,"eco_ply":[^,}]*'
