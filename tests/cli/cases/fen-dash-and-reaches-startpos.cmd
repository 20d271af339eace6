printf 'startpos\n8/8/8/8/8/8/8/8 w - -\n' | $CHESSTOOL fen -; echo "exit $?"; $CHESSTOOL filter -q --reaches startpos --at-ply 0 sample/twic-232games.pgn | grep -c '^\[Event '
