#!/bin/sh
# The training run of the profile-guided build (cmake/Pgo.cmake): the instrumented
# chesstool reads the bundled test data the way people run it, so the profiles say which
# branches are hot. Exit statuses do not matter (some inputs are invalid on purpose).
# usage: pgo-train.sh CHESSTOOL TESTDATA_DIR WORK_DIR
set -u
bin=$1 data=$2 work=$3
sample=$data/sample/twic-232games.pgn
mkdir -p "$work"
# The sample has no comments; most downloaded games have a clock or an engine note after
# every move. A copy with both keeps the comment paths trained too.
awk '/^\[/ || /^$/ { print; next }
     { for (i = 1; i <= NF; i++) if ($i ~ /^[A-Za-z]/) $i = $i (i % 2 ? " {[%clk 0:09:5" i % 10 "]}" : " {+0.3" i % 10 "/18 1.2s}"); print }' \
  "$sample" >"$work/commented.pgn"
inputs="$sample $work/commented.pgn $sample $work/commented.pgn $data/pgn $data/convert $data/annotate"
run() { "$bin" "$@" >/dev/null 2>&1; }
# shellcheck disable=SC2086
{
  run validate --jobs 1 --quiet $inputs
  run validate --jobs 1 --json $inputs
  run validate --jobs 2 --quiet $inputs
  run convert --to uci --jobs 1 --quiet $inputs
  run convert --to pgn --jobs 1 --quiet $inputs
  run convert --to json --jobs 1 --quiet $inputs
  run annotate --jobs 1 --quiet $inputs
  run filter --jobs 1 --where 'WhiteElo >= 2500' $inputs
  run filter --jobs 1 --ends checkmate $inputs
  run dedupe --jobs 1 $inputs
  run report $sample
}
run perft --threads 1 startpos 5
run perft --threads 1 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 4
exit 0
