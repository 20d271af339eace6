$CHESSTOOL report --event 'Cairo Blitz' --k-default 40 --k 'Nobody=10' report
