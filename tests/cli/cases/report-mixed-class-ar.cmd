$CHESSTOOL report --time-control 900+10 --lang ar report/mixed-class.pgn
