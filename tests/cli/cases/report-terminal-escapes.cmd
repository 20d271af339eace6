$CHESSTOOL report terminal/escapes.pgn; $CHESSTOOL report terminal/forfeit-termination.pgn | grep -a unplayed
