$CHESSTOOL report --csv --crosstable --event 'Cairo Spring Rapid' report
