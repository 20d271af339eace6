$CHESSTOOL board board/games.pgn --game 2
