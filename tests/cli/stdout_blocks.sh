#!/usr/bin/env bash
# Standard output that is not a terminal is written in blocks of 256 KiB
# (cli/console.cpp, buffer_standard_output), not stdio's 4 KiB: a write(2) for every
# 4 KiB cost annotate 8% of its time into a pipe or a file. Counted by the kernel
# (/proc/PID/io, syscw: write calls made) while chesstool is held on a pipe that nobody
# reads yet: it fills after 64 KiB, and with 4 KiB blocks about 16 calls have been made
# by then; with large blocks none has ended. The output, read at last, is checked whole.
# Skipped for sanitizer builds, whose runtime makes write calls of its own.
# Usage: tests/cli/stdout_blocks.sh BIN
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
sample=$here/../../testdata/sample/twic-232games.pgn
tmp=$(mktemp -d)
pid=""
trap '[[ -n $pid ]] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
fails=0
fail() {
  echo "FAIL: $*"
  fails=$((fails + 1))
}

[[ -r /proc/self/io ]] || { echo "skipped: no /proc/PID/io (task I/O accounting)"; exit 77; }
# AddressSanitizer writes to a pipe of its own to probe memory: its calls would be counted.
# (ldd's output is read whole first: with pipefail, grep -q leaving early could end ldd
# by SIGPIPE and fail the test instead of skipping it, as it did under load.)
libs=$(ldd "$bin" 2>/dev/null || true)
if grep -Eq 'lib(a|t|ub)san' <<<"$libs"; then echo "skipped: a sanitizer build writes to pipes of its own"; exit 77; fi
"$bin" convert --to pgn --jobs 1 --quiet "$sample" >"$tmp/expected" || exit 2
size=$(wc -c <"$tmp/expected")
# Over 64 KiB (a pipe's room) and under 256 KiB, so that the pipe fills before the end.
((size > 100000)) || { echo "the sample's PGN is $size bytes: too small to fill a pipe"; exit 2; }

# check_blocks LABEL CMD...: runs CMD (its output to standard output) into a FIFO.
check_blocks() {  # label expected-output command...
  local label=$1 expected=$2
  shift 2
  rm -f "$tmp/fifo"
  mkfifo "$tmp/fifo" || exit 2
  "$@" >"$tmp/fifo" &
  pid=$!
  exec 3<"$tmp/fifo"  # the read end, open and not read: the writer waits once the pipe is full
  # Held when the count stays the same for half a second and every thread of the process
  # is asleep (with --jobs, the main thread sleeps while the others work).
  local calls="" last="" same=0 state
  for ((i = 0; i < 200 && same < 10; i++)); do
    sleep 0.05
    calls=$(awk '/^syscw:/ { print $2 }' "/proc/$pid/io" 2>/dev/null) || break
    state=$(cat "/proc/$pid"/task/*/stat 2>/dev/null | awk '$3 != "S" { busy = 1 } END { print busy ? "busy" : "S" }') || break
    if [[ $calls == "$last" && $state == S ]]; then same=$((same + 1)); else same=0; fi
    last=$calls
  done
  if ((same < 10)); then
    fail "$label: never held on the full pipe (write calls: ${calls:-?})"
  elif ((calls > 1)); then
    fail "$label: $calls write calls for the first 64 KiB of standard output (small blocks)"
  fi
  cat <&3 >"$tmp/got"
  exec 3<&-
  wait "$pid" || fail "$label: exit status $?"
  pid=""
  cmp -s "$expected" "$tmp/got" || fail "$label: the output read from the pipe differs"
}

check_blocks "convert --jobs 1" "$tmp/expected" "$bin" convert --to pgn --jobs 1 --quiet "$sample"
check_blocks "convert --jobs 2" "$tmp/expected" "$bin" convert --to pgn --jobs 2 --quiet "$sample"
# fen reads its standard input a line at a time: it flushed standard output before each
# read (std::cin is tied to std::cout), a write call a line.
"$bin" convert --to fen --quiet "$sample" >"$tmp/positions.fen" || exit 2
"$bin" fen <"$tmp/positions.fen" >"$tmp/expected-fen" || exit 2
(($(wc -c <"$tmp/expected-fen") > 100000)) || { echo "too few FEN lines to fill a pipe"; exit 2; }
check_blocks "fen" "$tmp/expected-fen" bash -c 'exec "$0" fen <"$1"' "$bin" "$tmp/positions.fen"
# ...and yet answers a line at once when no more input is waiting: a program that writes a
# FEN and waits for its answer (a coprocess, a GUI) must not wait for ever.
coproc FEN { exec "$bin" fen; }
fen_pid=$FEN_PID
echo startpos >&"${FEN[1]}"
answer=""
read -t 5 -r answer <&"${FEN[0]}"
[[ $answer == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ]] ||
  fail "fen: no answer to a line within 5 s while standard input stays open (got '$answer')"
exec {FEN[1]}>&-
wait "$fen_pid"

if ((fails)); then
  echo "$fails failure(s)"
  exit 1
fi
echo "standard output into a pipe: large blocks, output whole"
