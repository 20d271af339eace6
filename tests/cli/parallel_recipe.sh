#!/usr/bin/env bash
# The scale-out recipe of chesstool(1): an archive split by game with GNU parallel, each
# piece validated separately (locally, and through parallel's --sshlogin with ":" which
# stands for this machine), the NDJSON merged with tools/renumber-split.jq, must equal one
# run over the whole archive (file names aside: the pieces come from standard input).
set -uo pipefail
bin=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
for tool in parallel jq; do
  command -v $tool >/dev/null || { echo "skipped: $tool not installed"; exit 77; }
done
files=("$root/testdata/sample/twic-232games.pgn")
for f in "$root"/../shared/corpus/archives/*.pgn; do [[ -f $f ]] && files+=("$f"); done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for f in "${files[@]}"; do
  "$bin" validate --json --quiet "$f" | jq -c 'del(.seconds, .file)' >"$tmp/single"
  for mode in local ssh; do
    extra=()
    [[ $mode == ssh ]] && extra=(--sshlogin :)
    parallel "${extra[@]}" --pipe --block 64k --recstart '[Event ' --keep-order \
      "$bin" validate --json --quiet --jobs 1 - <"$f" |
      jq -cn -f "$root/tools/renumber-split.jq" | jq -c 'del(.seconds, .file)' >"$tmp/merged"
    if cmp -s "$tmp/single" "$tmp/merged"; then
      echo "ok   $mode $(basename "$f"): $(grep -c '"type":"game"' "$tmp/single") games"
    else
      echo "FAIL $mode $(basename "$f"): merged output differs"
      diff "$tmp/single" "$tmp/merged" | head -5 | cut -c1-200
      status=1
    fi
  done
done
exit $status
