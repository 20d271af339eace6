$CHESSTOOL board board/games.pgn --game 4 --ply 7 && $CHESSTOOL board board/games.pgn --ply 0 --flip
