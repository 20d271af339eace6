#!/usr/bin/env bash
# The whole test suite, as CI runs it. Installs missing packages (Debian, as root), then:
#   1. Release build with -Wall -Wextra -Werror: unit tests, golden CLI tests, scripts;
#   2. AddressSanitizer + UndefinedBehaviorSanitizer build: the same tests (not the build checks);
#   3. ThreadSanitizer build: the --jobs code of validate, convert and annotate;
#   4. Valgrind memcheck on a sample run (the portable Release binary; a signal fails it);
#   5. cmake --install layout and the CPack .deb (dpkg install and removal);
#   6. differential tests against chessops (skipped without node/npm);
#   7. libFuzzer targets for a bounded time (skipped without clang's fuzzer runtime);
#   8. fault injection: full disks, closed streams, outputs that are inputs, signals (tests/faults).
#   9. the Release binary on other CPUs under QEMU (baseline qemu64 up to every fast path):
#      the dispatch picks the right path and the golden checks hold; valgrind on every path.
# Usage: bash tests/run-all.sh        (CHESSTOOL_FUZZ_SECONDS sets the time per fuzz target)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ make libcli11-dev libfmt-dev libgtest-dev zlib1g-dev libarchive-dev libisal-dev libzstd-dev
  liblzma-dev libbz2-dev pkg-config libre2-dev libxxhash-dev libutf8proc-dev nlohmann-json3-dev zstd bzip2 xz-utils zip tar librsvg2-bin jq parallel valgrind groff-base qemu-user ninja-build strace)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

jobs=$(nproc 2>/dev/null || echo 2)
# Ninja starts a target's compiles as soon as their inputs exist, where Make first waits
# for every library the target links; that keeps both cores busy until the last link.
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
suite_start=$SECONDS
# Each stage ends with its wall time and the CPU time (user + system) of what it ran, which
# other work on a shared machine inflates much less than the wall time.
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
cpu_now() {  # sets cpu to the user + system seconds of the finished child processes
  times >"$times_file"  # in this shell: in a subshell, times would count the subshell's own
  cpu=$(awk 'NR == 2 { for (i = 1; i <= NF; i++) { split($i, b, "m"); s += b[1] * 60 + b[2] } } END { printf "%d", s }' "$times_file")
}
stage_name="" stage_start=0 stage_cpu=0 cpu=0
stage_end() {
  [[ -n $stage_name ]] || return 0
  cpu_now
  echo "-- stage ${stage_name%%.*}: $((SECONDS - stage_start)) s, $((cpu - stage_cpu)) s of CPU"
}
stage() {
  stage_end
  echo
  echo "== $1 (at $((SECONDS - suite_start)) s) =="
  cpu_now
  stage_name=$1 stage_start=$SECONDS stage_cpu=$cpu
}

stage "1. Release build (-Wall -Wextra -Werror) and all tests"
cmake -S . -B build-ci-release "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DCHESSTOOL_WERROR=ON >/dev/null
cmake --build build-ci-release -j "$jobs"
ctest --test-dir build-ci-release --output-on-failure -j "$jobs"

stage "2. AddressSanitizer + UndefinedBehaviorSanitizer build and all tests"
# -O1 -g1: sanitizer builds compile much faster than -O2 -g and still report file:line.
cmake -S . -B build-ci-asan "${generator[@]}" -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g1" \
  -DCHESSTOOL_SANITIZE=address,undefined >/dev/null
cmake --build build-ci-asan -j "$jobs"
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
# The unit tests run in one process a core (gtest shards), where ctest would start an
# instrumented process for each of a thousand tests: 0.1 s each, half the stage's test
# time. Stage 1 runs them one process a test. ctest then runs the rest (CLI, scripts);
# the build.* and isa.* checks read the sources and the machine code, not the behaviour
# the sanitizers watch: stage 1 ran them.
shard_pids=()
for ((shard = 0; shard < jobs; shard++)); do
  (cd build-ci-asan/tests && GTEST_TOTAL_SHARDS=$jobs GTEST_SHARD_INDEX=$shard ./unit_tests --gtest_brief=1 \
    >"unit-shard-$shard.txt" 2>&1) &
  shard_pids+=($!)
done
for ((shard = 0; shard < jobs; shard++)); do
  if ! wait "${shard_pids[shard]}"; then
    cat "build-ci-asan/tests/unit-shard-$shard.txt"
    echo "unit tests failed under AddressSanitizer + UndefinedBehaviorSanitizer (shard $shard of $jobs)"
    exit 1
  fi
  grep -E '^\[  (PASSED|SKIPPED) +\]' "build-ci-asan/tests/unit-shard-$shard.txt" | sed "s/^/shard $shard: /"
done
ctest --test-dir build-ci-asan --output-on-failure -j "$jobs" -E '^(build|isa)\.|^[A-Z]'
unset ASAN_OPTIONS UBSAN_OPTIONS

stage "3. ThreadSanitizer: parallel validate, convert and annotate"
cmake -S . -B build-ci-tsan "${generator[@]}" -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g1" -DCHESSTOOL_SANITIZE=thread \
  -DCHESSTOOL_BUILD_TESTS=OFF >/dev/null
cmake --build build-ci-tsan -j "$jobs" --target chesstool
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
tsan=build-ci-tsan/chesstool
inputs=(testdata/sample/twic-232games.pgn testdata/pgn)
# Compressed inputs too: their decoder thread runs beside the reader and the workers.
zstd -q -f -o build-ci-tsan/sample.pgn.zst testdata/sample/twic-232games.pgn
tar czf build-ci-tsan/sample.tar.gz -C testdata/sample twic-232games.pgn
inputs+=(build-ci-tsan/sample.pgn.zst build-ci-tsan/sample.tar.gz)
for cmd in "validate --quiet --jobs 4" "validate --json --max-errors 2 --jobs 3" \
  "convert --to pgn --quiet --jobs 4" "convert --to uci --quiet --jobs 2" "annotate --quiet --jobs 4"; do
  set +e
  # shellcheck disable=SC2086
  $tsan $cmd "${inputs[@]}" >/dev/null 2>build-ci-tsan/stderr.txt
  rc=$?
  set -e
  if ((rc == 66)) || grep -q "ThreadSanitizer" build-ci-tsan/stderr.txt; then
    cat build-ci-tsan/stderr.txt
    echo "ThreadSanitizer found a race in: chesstool $cmd"
    exit 1
  fi
  # The inputs hold invalid games and a binary file (exit 1 or 2); a death by a signal is
  # no clean run.
  if ((rc >= 128)); then
    cat build-ci-tsan/stderr.txt
    echo "chesstool failed under ThreadSanitizer (exit $rc): chesstool $cmd"
    exit 1
  fi
  echo "tsan clean: chesstool $cmd (exit $rc)"
done
unset TSAN_OPTIONS

stage "4. Valgrind memcheck on a sample run"
# The Release build is baseline x86-64 with run-time dispatch (CHESSTOOL_NATIVE is OFF),
# which valgrind can run: -march=native code for these AVX-512 machines kills it by SIGILL.
# Exit status 1 (invalid games in the input) is expected; 99 means valgrind found errors,
# and any death by a signal (valgrind's own SIGILL included) fails the stage.
memcheck() {
  local rc=0
  valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite "$@" >/dev/null 2>build-ci-release/valgrind.txt || rc=$?
  if ((rc == 99 || rc >= 128)); then
    cat build-ci-release/valgrind.txt
    echo "valgrind found errors in (or could not run): $* (exit $rc)"
    exit 1
  fi
  echo "valgrind clean: ${*:2} (exit $rc)"
}
memcheck build-ci-release/chesstool validate --jobs 2 testdata/sample/twic-232games.pgn testdata/pgn/invalid
memcheck build-ci-release/chesstool convert --to json testdata/pgn/valid/nested-10000-variations.pgn
memcheck build-ci-release/chesstool annotate testdata/annotate/knights-dance.pgn

stage "5. Install layout and Debian package"
bash tests/package/install-and-deb.sh build-ci-release

stage "6. Differential tests against chessops"
CHESSTOOL="$PWD/build-ci-release/chesstool" bash tests/diff/run-validate-diff.sh
CHESSTOOL="$PWD/build-ci-release/chesstool" bash tests/diff/run-endings-diff.sh --games 1000

stage "7. Fuzzing (bounded; fuzz/run.sh TARGET SECONDS for longer runs)"
CHESSTOOL_FUZZ_SECONDS=${CHESSTOOL_FUZZ_SECONDS:-12} bash fuzz/run-ci.sh

stage "8. Fault injection: full disks, closed streams, outputs that are inputs, signals"
bash tests/faults/run.sh "$PWD/build-ci-release/chesstool"

stage "9. Run-time dispatch: the Release binary under QEMU (qemu64, Nehalem, EPYC-Rome, EPYC-Milan, max) and valgrind"
bash tests/isa/qemu-checks.sh build-ci-release/chesstool

stage_end
echo
cpu_now
echo "all stages passed in $((SECONDS - suite_start)) s ($cpu s of CPU)"
