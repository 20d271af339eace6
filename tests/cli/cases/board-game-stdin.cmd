$CHESSTOOL board - --ply 1 < board/games.pgn && $CHESSTOOL board - --game 4 < board/games.pgn
