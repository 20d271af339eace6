#!/usr/bin/env bash
# The profile-guided build trains on copies of the sample that cmake/pgo-train.sh lays out
# with awk (commented.pgn, downloaded.pgn). The training ignores exit statuses, so a copy
# the awk of some system got wrong would only make the build slower, unseen: here they must
# replay cleanly and hold the layouts they are there for.
# usage: pgo_training_inputs.sh CHESSTOOL SOURCE_DIR
set -euo pipefail
bin=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# `true` as the program trained: only the inputs are made.
sh "$src/cmake/pgo-train.sh" true "$src/testdata" "$work"
games=$(grep -c '^\[Event ' "$src/testdata/sample/twic-232games.pgn")
fail=0
for f in commented downloaded; do
  summary=$("$bin" validate --jobs 1 "$work/$f.pgn" 2>&1 >/dev/null | tail -1)
  case $summary in
    *"$games games: $games valid, 0 invalid, 0 warnings"*) ;;
    *) echo "FAIL: $f.pgn: $summary"; fail=1 ;;
  esac
done
# The layouts of downloads: lichess's clock (with and without an eval), cutechess-cli's
# notes, and Black's move numbers after a comment.
for shape in '} [0-9]*\.\.\. ' '{ \[%clk 0:[0-9][0-9]:[0-9][0-9]\] }' '{ \[%eval [0-9.]*\] \[%clk ' '{ book }' '{ [+-][0-9.]*/[0-9]* [0-9.]*s }'; do
  n=$(grep -c -E -- "$shape" "$work/downloaded.pgn" || true)
  if ((n < 100)); then
    echo "FAIL: downloaded.pgn: $n lines with $shape (at least 100 expected)"
    fail=1
  fi
done
if ! grep -q '^\[TimeControl ' "$work/downloaded.pgn"; then
  echo "FAIL: downloaded.pgn has no TimeControl tag: its clocks would not be checked"
  fail=1
fi
((fail == 0)) && echo "PGO training inputs: both copies replay cleanly and hold their layouts"
exit $fail
