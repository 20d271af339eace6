$CHESSTOOL report report
