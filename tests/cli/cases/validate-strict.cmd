$CHESSTOOL validate --strict pgn/valid/knights-dance-fivefold.pgn
