$CHESSTOOL filter --where 'White = "中文中文" @' sample/twic-232games.pgn; $CHESSTOOL filter --where $'Black = "e\xcc\x81e\xcc\x81" @' sample/twic-232games.pgn
