$CHESSTOOL board board/games.pgn
