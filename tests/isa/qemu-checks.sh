#!/usr/bin/env bash
# The shipped binary on CPUs it was not built for, emulated by QEMU (Debian qemu-user):
#   qemu64     baseline x86-64: no SSSE3, SSE4, POPCNT, BMI or AVX  -> dispatch: baseline
#   Nehalem    POPCNT, no BMI                                      -> dispatch: popcnt
#   EPYC-Rome  AMD Zen 2: BMI2 with a slow PEXT, AVX2              -> dispatch: popcnt bmi2 avx2
#   EPYC-Milan AMD Zen 3 (family 19h): PEXT in hardware, AVX2       -> dispatch: popcnt bmi2 pext avx2
#   max        everything QEMU emulates (AVX2 since QEMU 7.2)      -> dispatch: popcnt bmi2 pext avx2
# On each: --version names the expected path, perft counts are exact, and validate and
# convert print what the host run prints; on qemu64 a few more golden checks. Then the
# same binary under valgrind memcheck, on its own path and forced to each other one.
# Any death by a signal (SIGILL above all) fails.
# Usage: qemu-checks.sh BINARY   (run from anywhere; needs qemu-x86_64, valgrind optional)
set -uo pipefail
bin=$(realpath "$1")
cd "$(dirname "$0")/../../testdata" || exit 2
command -v qemu-x86_64 >/dev/null || { echo "qemu-x86_64 not found (Debian package qemu-user)"; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# run NAME CMD...: stdout to $tmp/NAME.out, stderr to $tmp/NAME.err; sets rc; a signal fails.
run() {
  local name=$1; shift
  "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
  rc=$?
  if ((rc >= 128)); then fail "$name: killed by signal $((rc - 128)): $*"; sed 's/^/  /' "$tmp/$name.err" | tail -5; fi
}
# QEMU warns on stderr about CPU features it cannot emulate; those lines are not ours.
ours() { grep -v "^qemu-x86_64: warning:" "$1"; }
summary() { ours "$1" | sed -E 's/ in [0-9.]+ s$//'; }

kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
games=sample/twic-232games.pgn

# What the host prints, to compare with.
run host-validate "$bin" validate "$games"
run host-uci "$bin" convert --to uci "$games"

for cpu in qemu64 Nehalem EPYC-Rome EPYC-Milan max; do
  case $cpu in
    qemu64) want=baseline ;;
    Nehalem) want=popcnt ;;
    EPYC-Rome) want="popcnt bmi2 avx2" ;;
    EPYC-Milan) want="popcnt bmi2 pext avx2" ;;
    max) want="popcnt bmi2 pext avx2" ;;
  esac
  q=(qemu-x86_64 -cpu "$cpu" "$bin")
  run version "${q[@]}" --version
  got=$(sed -n 2p "$tmp/version.out")
  [[ $rc == 0 && $got == "dispatch: $want" ]] || fail "$cpu: --version says '$got' (exit $rc), expected 'dispatch: $want'"

  run perft "${q[@]}" perft startpos 4 --threads 1 --expect 197281
  ((rc == 0)) || fail "$cpu: perft startpos 4 (exit $rc): $(ours "$tmp/perft.err")"
  run kiwi "${q[@]}" perft "$kiwipete" 3 --threads 2 --hash 1 --expect 97862
  ((rc == 0)) || fail "$cpu: perft kiwipete 3 with threads and table (exit $rc): $(ours "$tmp/kiwi.err")"

  run validate "${q[@]}" validate "$games"
  if [[ $rc != 0 || $(summary "$tmp/validate.err") != "$(summary "$tmp/host-validate.err")" ]]; then
    fail "$cpu: validate $games (exit $rc): $(summary "$tmp/validate.err")"
  fi
  run uci "${q[@]}" convert --to uci "$games"
  { ((rc == 0)) && cmp -s "$tmp/uci.out" "$tmp/host-uci.out"; } || fail "$cpu: convert --to uci differs from the host's (exit $rc)"
  echo "qemu -cpu $cpu: $got; perft, validate and convert as on the host"
done

# Golden counts on the baseline CPU, not only agreement with the host.
q=(qemu-x86_64 -cpu qemu64 "$bin")
expected="chesstool: 1 file, 232 games: 232 valid, 0 invalid, 0 warnings, 19777 plies replayed"
[[ $(summary "$tmp/host-validate.err") == "$expected" ]] || fail "host validate summary: $(summary "$tmp/host-validate.err")"
run divide "${q[@]}" perft "$kiwipete" 2 --divide --json
grep -q '"nodes":2039,' "$tmp/divide.out" || fail "qemu64: perft kiwipete 2 --divide: $(head -c 200 "$tmp/divide.out")"
run fen "${q[@]}" fen 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
[[ $rc == 0 && $(cat "$tmp/fen.out") == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" ]] ||
  fail "qemu64: fen canonical form: $(cat "$tmp/fen.out")"
echo "qemu -cpu qemu64: golden validate summary, perft --divide and fen"

# valgrind runs the same binary (it emulates BMI2 but not AVX-512, so the dispatch is
# what lets it run at all); every path on one small tree, and a validate.
if command -v valgrind >/dev/null; then
  for path in "" baseline popcnt bmi2 pext "pext avx2"; do
    run memcheck env ${path:+CHESSTOOL_DISPATCH="$path"} valgrind --quiet --error-exitcode=99 "$bin" perft startpos 3 --expect 8902
    ((rc == 0)) || { fail "valgrind, path '${path:-chosen}': perft startpos 3 (exit $rc)"; tail -20 "$tmp/memcheck.err"; }
    # The path asked for is the one taken (an unknown value is ignored: the automatic one).
    [[ -z $path ]] && continue
    run version env CHESSTOOL_DISPATCH="$path" valgrind --quiet "$bin" --version
    taken=$(sed -n 's/^dispatch: //p' "$tmp/version.out" | sed 's/ avx2$//')
    [[ ${taken##* } == "${path%% *}" ]] || fail "valgrind, path '$path' not taken: 'dispatch: ${taken}'"
  done
  # The splitter's byte scanning with SSE2 and (where the CPU has it) AVX2.
  for path in "" pext; do
    run memcheck env ${path:+CHESSTOOL_DISPATCH="$path"} valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite "$bin" validate "$games"
    ((rc == 0)) || { fail "valgrind, path '${path:-chosen}': validate $games (exit $rc)"; tail -20 "$tmp/memcheck.err"; }
  done
  echo "valgrind clean: perft on every path, validate"
fi

if ((failures)); then echo "$failures check(s) failed"; exit 1; fi
echo "all checks passed: $bin"
