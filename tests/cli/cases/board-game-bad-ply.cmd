$CHESSTOOL board board/games.pgn --ply -1; echo "exit $?"; $CHESSTOOL board board/games.pgn --ply 3x; echo "exit $?"; $CHESSTOOL board board/games.pgn --game 0; echo "exit $?"
