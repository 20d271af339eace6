#!/usr/bin/env bash
# Nothing is lost: for every archive and PGN file of the corpus (and the bundled test
# data), the games `validate` counts equal the games `convert --to pgn` writes plus the
# games it rejects (written unchanged to --rejects). Every run must end by itself (no
# signal), and there must be the files and games the data has: a binary that writes
# nothing, or dies, fails here rather than counting 0 = 0 + 0.
set -uo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v jq >/dev/null || { echo "skipped: jq not installed"; exit 77; }
files=("$root"/testdata/sample/*.pgn "$root"/testdata/pgn/*/*.pgn)
corpus=0
for f in "$root"/../shared/corpus/archives/*.pgn "$root"/../shared/corpus/pgn/*/*.pgn; do
  [[ -f $f ]] && files+=("$f") && corpus=$((corpus + 1))
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
# A chesstool run that a signal ended (or that could not run) fails the test.
run() {
  "$bin" "$@"
  local rc=$?
  if ((rc > 2)); then
    echo "FAILED (exit $rc): chesstool $*" >&2
    status=1
  fi
  return 0
}
count() {
  run validate --json --quiet "$1" >"$tmp/games.json"
  jq -s '[.[] | select(.type == "game")] | length' "$tmp/games.json"
}
checked=0 games=0
for f in "${files[@]}"; do
  [[ -s $f ]] || continue
  counted=$(count "$f")
  run convert --to pgn --quiet -o "$tmp/out.pgn" --rejects "$tmp/rejects.pgn" "$f"
  written=0 rejected=0
  [[ -s $tmp/out.pgn ]] && written=$(count "$tmp/out.pgn")
  [[ -s $tmp/rejects.pgn ]] && rejected=$(count "$tmp/rejects.pgn")
  if ((counted != written + rejected)); then
    echo "LOST $(basename "$f"): validate counts $counted, convert wrote $written and rejected $rejected"
    status=1
  fi
  checked=$((checked + 1)) games=$((games + counted))
  rm -f "$tmp/out.pgn" "$tmp/rejects.pgn"
done
echo "$checked files checked, $games games ($corpus files of the corpus)"
# The bundled data alone has a dozen files and hundreds of games; the corpus, when it is
# there, a hundred files more and thousands of games.
min_files=10 min_games=250
((corpus > 0)) && min_files=100 min_games=3000
if ((checked < min_files || games < min_games)); then
  echo "FAILED: $checked files and $games games checked (at least $min_files and $min_games expected)"
  status=1
fi
exit $status
