$CHESSTOOL board board/no-such.pgn --game 1; echo "exit $?"; $CHESSTOOL board board/no-such.pgn; echo "exit $?"; $CHESSTOOL board board/games.pgn extra --ply 1; echo "exit $?"
