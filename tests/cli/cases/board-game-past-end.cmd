$CHESSTOOL board board/games.pgn --game 9
