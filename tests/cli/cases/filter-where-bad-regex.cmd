$CHESSTOOL filter --where 'Event = Blitz or White ~ "Carl(sen"' ../tests/cli/cases/filter-games.pgn; echo "exit $?"; $CHESSTOOL filter --player 'a[' ../tests/cli/cases/filter-games.pgn
