$CHESSTOOL annotate -q - | $CHESSTOOL annotate - ; echo "exit ${PIPESTATUS[1]}"
