printf "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 {good} e5 \$1 (1... c5) *\n" | $CHESSTOOL convert --to json
