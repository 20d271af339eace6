$CHESSTOOL dedupe sample/twic-232games.pgn | cmp - sample/twic-232games.pgn && echo 'byte for byte'
