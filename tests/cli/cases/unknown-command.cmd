for w in valdiate perf conver frobnicate $'\033[31mred'; do $CHESSTOOL "$w" x 2>&1; echo "$w: exit $?" | cat -v; done
