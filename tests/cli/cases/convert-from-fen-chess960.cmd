$CHESSTOOL convert --from fen --to pgn fen/chess960.txt && $CHESSTOOL convert --from fen --to json fen/chess960.txt
