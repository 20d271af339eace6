$CHESSTOOL validate archives/empty-lzma-member.zip; echo "status $?"; $CHESSTOOL validate - < archives/empty-lzma-member.zip; echo "status $?"
