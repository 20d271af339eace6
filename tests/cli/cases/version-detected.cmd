$CHESSTOOL --version | sed -n 2p | grep -Ex "dispatch: (baseline|popcnt|popcnt bmi2|popcnt bmi2 pext)" >/dev/null && echo "dispatch line names a known path"
