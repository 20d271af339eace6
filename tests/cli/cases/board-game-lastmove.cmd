$CHESSTOOL board board/games.pgn --lastmove h5f7
