$CHESSTOOL report --event $'\u2068Giza Open\u2069' --k Nobody=10 report
