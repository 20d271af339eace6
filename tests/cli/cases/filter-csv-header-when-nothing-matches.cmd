$CHESSTOOL filter --where 'Event = nomatch' --to csv -
