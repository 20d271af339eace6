$CHESSTOOL report --tiebreaks "de,bh-m1,sb,ps,bpg,bwg,won,aroc-1,tpr,ks,aro" report/swiss.pgn
