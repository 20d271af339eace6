printf '[Event "x"]\n[Result "*"]\n[eco "C60"]\n[ECO "A00"]\n[opening "Old"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n' | $CHESSTOOL convert --to json --eco -q - | jq -c '.tags'
