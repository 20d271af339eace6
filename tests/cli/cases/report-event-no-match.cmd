$CHESSTOOL report --event "Nowhere Open" report
