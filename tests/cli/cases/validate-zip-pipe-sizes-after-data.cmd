cat archives/bzip2-sizes-after-data.zip | $CHESSTOOL validate -; echo "exit $?"; $CHESSTOOL validate archives/bzip2-sizes-after-data.zip; echo "exit $?"
