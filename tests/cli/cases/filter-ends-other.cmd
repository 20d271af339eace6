$CHESSTOOL filter --json --ends fivefold --ends resigned --ends unfinished ../tests/cli/cases/filter-games.pgn
