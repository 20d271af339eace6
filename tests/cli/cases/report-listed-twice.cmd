for a in "" "--json"; do $CHESSTOOL report $a ../tests/cli/cases/report-listed-twice.pgn | grep -E "excluded|Excluded|listed twice|Smith|Games:"; echo "exit ${PIPESTATUS[0]}"; done
