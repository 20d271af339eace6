$CHESSTOOL --version | sed -n 2p | grep -Ex "dispatch: (baseline|popcnt|popcnt bmi2|popcnt bmi2 pext)( avx2)?" >/dev/null && echo "dispatch line names a known path"
