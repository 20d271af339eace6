for a in KPPPPPPPPP:K QQQQQQQQQQ:K K:KRRRPPPPPPPP KQQQQQQQQQ:K; do $CHESSTOOL filter -q --material $a ../tests/cli/cases/filter-games.pgn >/dev/null; echo "$a: exit $?"; done 2>&1
