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
# And a copy laid out as the largest sources of downloaded games write them, a game each
# in turn: lichess's database ("{ [%clk 0:09:59] }" after every move, with an
# "[%eval 0.17]" in every other game) and cutechess-cli's engine matches ("{ book }",
# "{ -0.22/4 2.7s }", comments broken across lines); "N..." before Black's moves, lines
# of at most 79 columns, and a TimeControl tag, so that the clocks are checked.
awk 'function put(w) {
       if (col > 0 && col + 1 + length(w) > 79) { printf "\n"; col = 0 }
       if (col > 0) { printf " "; col++ }
       printf "%s", w; col += length(w)
     }
     /^\[Event / { game++; ply = 0; print; print "[TimeControl \"600+0\"]"; next }
     /^\[/ { print; next }
     /^$/ { if (col > 0) printf "\n"; col = 0; print; next }
     { for (i = 1; i <= NF; i++) {
         t = $i
         if (t ~ /^[0-9]+\.$/) { num = substr(t, 1, length(t) - 1); white = 1; continue }
         if (t !~ /^[A-Za-z]/) { put(t); continue }
         ply++; s = 600 - ply
         clk = sprintf("[%%clk 0:%02d:%02d]", int(s / 60), s % 60)
         if (game % 3 == 0) c = "{ " clk " }"
         else if (game % 3 == 1) c = sprintf("{ [%%eval %d.%02d] %s }", ply % 3, ply % 97, clk)
         else c = ply <= 8 ? "{ book }" : sprintf("{ %s%d.%02d/%d %d.%ds }", ply % 2 ? "+" : "-", ply % 3, ply % 97, 4 + ply % 9, ply % 3, ply % 10)
         put(white ? num "." : num "...")
         put(t)
         n = split(c, words, " ")
         for (k = 1; k <= n; k++) put(words[k])
         white = 0
       }
     }' "$sample" >"$work/downloaded.pgn"
inputs="$sample $work/commented.pgn $work/downloaded.pgn $sample $work/commented.pgn $work/downloaded.pgn $data/pgn $data/convert $data/annotate"
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
