$CHESSTOOL validate --json pgn/invalid/illegal-move.pgn pgn/valid/knights-dance-fivefold.pgn
