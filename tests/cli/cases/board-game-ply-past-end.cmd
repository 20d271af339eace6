$CHESSTOOL board board/games.pgn --ply 8
