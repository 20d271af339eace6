$CHESSTOOL report --kind swiss --tiebreaks BH -
