#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds one libFuzzer target with clang in build-fuzz/ and runs it for a bounded time.
#
# usage: fuzz/run.sh TARGET SECONDS [extra libFuzzer flags...]
#   TARGET: fen_fuzz | san_fuzz | pgn_fuzz | pgn_roundtrip_fuzz | json_games_fuzz
#
# The seeds in fuzz/corpus/TARGET/ are copied into a working corpus under build-fuzz/
# (so what libFuzzer adds never lands in the source tree); when the shared corpus
# (../shared/corpus, or $CHESSTOOL_CORPUS_DIR) is present, more seeds are derived from
# it. A crash, hang or property failure leaves its input in build-fuzz/fuzz-artifacts/;
# copy it to testdata/fuzz-regressions/TARGET-<short-defect-name>.<ext> so the unit test
# replays it forever. Exit status: 0 clean, 2 usage/tooling, otherwise libFuzzer's.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
build="${CHESSTOOL_FUZZ_BUILD_DIR:-$root/build-fuzz}"
shared="${CHESSTOOL_CORPUS_DIR:-$(dirname "$root")/shared/corpus}"

if [[ $# -lt 2 ]]; then
  echo "usage: $0 TARGET SECONDS [libFuzzer flags...]" >&2
  exit 2
fi
target="$1"
seconds="$2"
shift 2
case "$target" in
  fen_fuzz | san_fuzz | pgn_fuzz | pgn_roundtrip_fuzz | json_games_fuzz) ;;
  *) echo "unknown target '$target'" >&2; exit 2 ;;
esac

# Configure once (the sanitizer flags must reach the libraries, hence the top-level
# option), then build just this target; an up-to-date build costs a second.
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER="${CXX_FUZZ:-clang++}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCHESSTOOL_BUILD_FUZZ=ON -DCHESSTOOL_BUILD_TESTS=OFF -DCHESSTOOL_NATIVE=OFF \
    -DCHESSTOOL_SANITIZE=fuzzer-no-link,address,undefined >"$build.configure.log" 2>&1 ||
    { cat "$build.configure.log" >&2; exit 2; }
fi
cmake --build "$build" --target "$target" -j "$(nproc 2>/dev/null || echo 2)" >"$build/$target.build.log" 2>&1 ||
  { tail -40 "$build/$target.build.log" >&2; exit 2; }
binary="$build/fuzz/$target"
if [[ ! -x "$binary" ]]; then
  echo "$target was not built (no PGN writer in this tree?)" >&2
  exit 2
fi

work="$build/fuzz-corpus/$target"
artifacts="$build/fuzz-artifacts"
mkdir -p "$work" "$artifacts"
cp -n "$here/corpus/$target/"* "$work/" 2>/dev/null || true

# Extra seeds from the shared corpus, written once per working corpus.
if [[ -d "$shared" && ! -f "$work/.shared-seeded" ]]; then
  set +o pipefail  # `head` closing a pipe early is how these lists are cut, not an error
  case "$target" in
    fen_fuzz)
      # Every 25th position of the big perft suites (four-field EPD plus counters).
      { grep -h '^epd ' "$shared/perft/random.perft" "$shared/perft/tricky.perft" 2>/dev/null | sed 's/^epd //' | awk 'NR % 25 == 1'
        cut -d';' -f1 "$shared/perft/standard.epd" 2>/dev/null | awk 'NR % 8 == 1'
      } | while IFS= read -r line; do
        printf '%s 0 1' "$line" >"$work/shared-$(printf '%s' "$line" | cksum | cut -d' ' -f1).fen"
      done ;;
    san_fuzz)
      # Move tokens as real games write them, each against the fixed positions.
      find "$shared/pgn" -name '*.pgn' -size -8k 2>/dev/null | head -40 | xargs cat 2>/dev/null |
        grep -v '^\[' | tr -s ' \t\r' '\n\n\n' | grep -E '^[a-hKQRBNPO0-9x=+#:!?-]+' | sort -u | head -300 |
        while IFS= read -r tok; do
          printf '%s' "$tok" >"$work/shared-$(printf '%s' "$tok" | cksum | cut -d' ' -f1).san"
        done ;;
    pgn_fuzz | pgn_roundtrip_fuzz)
      find "$shared/pgn" -name '*.pgn' -size -16k 2>/dev/null | while IFS= read -r f; do
        cp "$f" "$work/shared-$(basename "$(dirname "$f")")-$(basename "$f")"
      done ;;
  esac
  set -o pipefail
  touch "$work/.shared-seeded"
fi

echo "== $target: ${seconds}s, corpus $work"
# -timeout catches hangs (a loop in the splitter or parser); -rss_limit_mb catches
# unbounded growth; -max_len 8192 lets PGN inputs hold a few games.
set +e
"$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
  -artifact_prefix="$artifacts/$target-" "$@" "$work"
status=$?
set -e
if [[ $status -ne 0 ]]; then
  echo "== $target FAILED (status $status); input saved under $artifacts/:" >&2
  ls -t "$artifacts" | grep "^$target-" | head -3 >&2
  echo "   replay: $binary <file>; keep it as testdata/fuzz-regressions/$target-<defect>.<ext>" >&2
fi
exit $status
