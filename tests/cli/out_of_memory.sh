#!/usr/bin/env bash
# Running out of memory while a game tree is built is an error like any other
# ("chesstool: error: out of memory", exit status 2), not an abort: the tree being built
# is destroyed while that error unwinds, and its destruction must not need memory itself
# (pgn/game.cpp, release_line). A virtual memory cap (ulimit -v) stands in for a machine
# that runs out; a game of 11 MB made of short variations needs more than twice what it
# allows (about 234 MB: a variation of 21 bytes is a line of three 64-byte nodes).
# Skipped when the binary cannot start under the cap (sanitizer builds reserve terabytes).
# Usage: tests/cli/out_of_memory.sh BIN
set -uo pipefail
bin=$1
cap_kb=100000
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() {
  echo "FAIL: $*"
  fails=$((fails + 1))
}

# A binary that does not run at all fails here; one that runs, but not under the cap, skips.
"$bin" --version >/dev/null 2>&1 || { echo "FAIL: $bin --version does not run"; exit 1; }
(ulimit -v $cap_kb && "$bin" --version >/dev/null 2>&1) || { echo "skipped: cannot run under a ${cap_kb} KB memory cap"; exit 77; }

{
  printf '[Event "many variations"]\n[Result "*"]\n\n1. e4 e5 '
  line=""
  for ((i = 0; i < 6; i++)); do line+="(1... c5 2. Nf3 Nc6) "; done
  for ((i = 0; i < 200; i++)); do printf '%s\n' "$line"; done >"$tmp/block"
  for ((i = 0; i < 450; i++)); do cat "$tmp/block"; done
  printf '*\n'
} >"$tmp/g.pgn"
size=$(wc -c <"$tmp/g.pgn")
((size > 10000000)) || { echo "the game is $size bytes: too small"; exit 2; }

for cmd in "convert -q --jobs 1 --to pgn" "convert -q --jobs 2 --to json" "annotate -q --jobs 1" "board --game 1"; do
  (ulimit -v $cap_kb && exec $bin $cmd "$tmp/g.pgn" >/dev/null 2>"$tmp/err")
  rc=$?
  if ((rc != 2)) || ! grep -q '^chesstool: error: out of memory$' "$tmp/err"; then
    fail "$cmd: exit status $rc, $(tail -1 "$tmp/err")"
  fi
done
# The same game without a tree to keep (validate) is read in the cap.
(ulimit -v $cap_kb && exec "$bin" validate -q "$tmp/g.pgn" >/dev/null 2>"$tmp/err") || fail "validate: exit status $?"

if ((fails)); then
  echo "$fails failure(s)"
  exit 1
fi
echo "out of memory: exit status 2 and a message, for every command that builds a tree"
