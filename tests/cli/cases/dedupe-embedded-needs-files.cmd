printf "" | $CHESSTOOL dedupe --embedded -; echo "exit $?"
