#!/usr/bin/env bash
# Nothing is lost: for every archive and PGN file of the corpus (and the bundled test
# data), the games `validate` counts equal the games `convert --to pgn` writes plus the
# games it rejects (written unchanged to --rejects).
set -uo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v jq >/dev/null || { echo "skipped: jq not installed"; exit 0; }
files=("$root"/testdata/sample/*.pgn "$root"/testdata/pgn/*/*.pgn)
for f in "$root"/../shared/corpus/archives/*.pgn "$root"/../shared/corpus/pgn/*/*.pgn; do
  [[ -f $f ]] && files+=("$f")
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count() { "$bin" validate --json --quiet "$1" | jq -s '[.[] | select(.type == "game")] | length'; }
status=0 checked=0
for f in "${files[@]}"; do
  [[ -s $f ]] || continue
  counted=$(count "$f")
  "$bin" convert --to pgn --quiet -o "$tmp/out.pgn" --rejects "$tmp/rejects.pgn" "$f"
  written=$(count "$tmp/out.pgn")
  rejected=0
  [[ -s $tmp/rejects.pgn ]] && rejected=$(count "$tmp/rejects.pgn")
  if ((counted != written + rejected)); then
    echo "LOST $(basename "$f"): validate counts $counted, convert wrote $written and rejected $rejected"
    status=1
  fi
  checked=$((checked + 1))
  rm -f "$tmp/out.pgn" "$tmp/rejects.pgn"
done
echo "$checked files checked"
exit $status
