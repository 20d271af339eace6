$CHESSTOOL filter --where 'Event = Nothing' ../tests/cli/cases/filter-games.pgn
