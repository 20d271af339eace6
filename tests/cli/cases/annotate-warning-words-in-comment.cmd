$CHESSTOOL annotate annotate/warning-words-in-comment.pgn | tee /dev/stderr | $CHESSTOOL validate -q -; echo "status ${PIPESTATUS[0]} ${PIPESTATUS[2]}"
