$CHESSTOOL filter --where 'Event != b' -
