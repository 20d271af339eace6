#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CI entry for fuzzing: every libFuzzer target for a bounded time; skips cleanly without clang/libFuzzer.
#
# usage: fuzz/run-ci.sh            (CHESSTOOL_FUZZ_SECONDS overrides the 45 s per target)
# Exit status: 0 when every target ran clean or fuzzing is unavailable (a "skipped:"
# line says so), non-zero when any target found a crash, hang or property failure.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
seconds="${CHESSTOOL_FUZZ_SECONDS:-45}"
cxx="${CXX_FUZZ:-clang++}"

if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "skipped: clang/libFuzzer not available ($cxx not found)"
  exit 0
fi
# The compiler alone is not enough: the libFuzzer runtime ships separately
# (libclang-rt-NN-dev on Debian), so link a trivial target to find out.
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' >"$probe/p.cpp"
if ! "$cxx" -fsanitize=fuzzer,address,undefined "$probe/p.cpp" -o "$probe/p" >/dev/null 2>&1; then
  echo "skipped: clang/libFuzzer not available ($cxx cannot link -fsanitize=fuzzer,address,undefined)"
  exit 0
fi

targets=(fen_fuzz san_fuzz pgn_fuzz pgn_roundtrip_fuzz json_games_fuzz)

# Two targets fuzz at a time when there are two cores (one libFuzzer process uses one):
# the second starts once the first is built, so two builds never share the build folder.
# Each target's log is printed when it ends.
parallel=1
(($(nproc 2>/dev/null || echo 1) >= 2)) && parallel=2
logs="$probe/logs"
mkdir -p "$logs"
failed=()
finish() {  # finish TARGET PID: wait for it, print its log, note a failure
  local status=0
  wait "$2" || status=$?
  cat "$logs/$1.log"
  ((status == 0)) || failed+=("$1")
}
for ((i = 0; i < ${#targets[@]}; i += parallel)); do
  batch=("${targets[@]:i:parallel}")
  pids=()
  for t in "${batch[@]}"; do
    # -close_fd_mask=1 keeps the log to libFuzzer's own lines and the failure reports.
    "$here/run.sh" "$t" "$seconds" -close_fd_mask=1 >"$logs/$t.log" 2>&1 &
    pids+=($!)
    # run.sh prints "== TARGET:" once it is built and seeded; it may also fail before that.
    while kill -0 "$!" 2>/dev/null && ! grep -q "^== $t:" "$logs/$t.log"; do sleep 0.2; done
  done
  for j in "${!batch[@]}"; do
    finish "${batch[j]}" "${pids[j]}"
  done
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: all targets clean (${targets[*]}, ${seconds}s each)"
