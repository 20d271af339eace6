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

failed=()
for t in "${targets[@]}"; do
  # -close_fd_mask=1 keeps the log to libFuzzer's own lines and the failure reports.
  if ! "$here/run.sh" "$t" "$seconds" -close_fd_mask=1; then
    failed+=("$t")
  fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: all targets clean (${targets[*]}, ${seconds}s each)"
