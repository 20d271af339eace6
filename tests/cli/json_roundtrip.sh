#!/usr/bin/env bash
# JSON as data and back (issues #12, #16): for every PGN file of the corpus and of the
# bundled test data, `convert --to pgn` and `convert --to json | convert --from json --to pgn`
# write the same bytes, and the JSON of the lichess sample has one "clock" per [%clk] and
# one "eval" per [%eval] in the file. Exit 77 (skipped) without the corpus.
set -uo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=$root/../shared/corpus
[[ -d $corpus/archives ]] || { echo "skipped: no corpus at $corpus"; exit 77; }
files=("$root"/testdata/sample/*.pgn "$root"/testdata/pgn/*/*.pgn "$root"/testdata/convert/*.pgn)
while IFS= read -r f; do files+=("$f"); done < <(find "$corpus" -name '*.pgn' | sort)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0 checked=0 games=0
for f in "${files[@]}"; do
  [[ -s $f ]] || continue
  "$bin" convert --to pgn --quiet "$f" >"$tmp/direct.pgn" 2>/dev/null
  "$bin" convert --to json --quiet "$f" >"$tmp/games.ndjson" 2>/dev/null
  "$bin" convert --from json --to pgn "$tmp/games.ndjson" >"$tmp/back.pgn" 2>"$tmp/back.err"
  code=$?
  # Every game convert wrote as JSON must come back: no record rejected.
  if ((code != 0)) || ! cmp -s "$tmp/direct.pgn" "$tmp/back.pgn"; then
    echo "DIFFERS $f (convert --from json exit $code)"
    head -5 "$tmp/back.err"
    diff "$tmp/direct.pgn" "$tmp/back.pgn" | head -10
    status=1
  fi
  games=$((games + $(wc -l <"$tmp/games.ndjson")))
  checked=$((checked + 1))
done
echo "$checked files, $games games: PGN -> JSON -> PGN"
# The corpus has 116 PGN files; fewer means the test did not see it.
if ((checked < 100 || games < 1000)); then
  echo "FAIL: expected at least 100 files and 1000 games"
  status=1
fi

# Clock and eval fields against the lichess sample: one field per command in the file.
lichess=$corpus/archives/lichess-db-sample-first1MB.pgn
"$bin" convert --to json "$lichess" >"$tmp/lichess.ndjson"
for pair in 'clk:clock' 'eval:eval'; do
  cmd=${pair%%:*} field=${pair#*:}
  in_file=$(grep -o "\[%$cmd " "$lichess" | wc -l)
  in_json=$(grep -o "\"$field\":" "$tmp/lichess.ndjson" | wc -l)
  echo "lichess sample: $in_file [%$cmd], $in_json \"$field\" fields"
  if ((in_file == 0 || in_file != in_json)); then
    echo "FAIL: [%$cmd] and \"$field\" counts differ"
    status=1
  fi
done
# No command is left in the JSON comments of that file.
if grep -q '\[%clk\|\[%eval' "$tmp/lichess.ndjson"; then
  echo "FAIL: a [%clk] or [%eval] left in a JSON comment"
  status=1
fi
exit $status
