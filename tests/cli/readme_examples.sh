#!/usr/bin/env bash
# The examples of README.md print what the README shows. An example is a line "$ command"
# in a fenced block, and what follows it up to the next "$ " line or the block's end is
# its output (standard output and standard error together); a line "..." stands for any
# number of lines, and decimals (timings) are compared as X. It runs from a scratch
# directory that has the repository's testdata/, with chesstool first on PATH; an
# example that reads a file the repository does not have (wrong-result.pgn) is skipped.
# Usage: readme_examples.sh BIN
set -uo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
readme=$here/../../README.md
work=$(mktemp -d "${TMPDIR:-/tmp}/readme-examples.XXXXXX")
trap 'rm -rf "$work"' EXIT
ln -s "$here/../../testdata" "$work/testdata"
mkdir "$work/bin" && ln -s "$bin" "$work/bin/chesstool"

normalise() { sed -E 's/[0-9]+\.[0-9]+/X/g'; }

# Whether the lines of file $2 (actual) match those of $1 (expected, with "..." lines).
matches() {
  local -a want got
  mapfile -t want < <(normalise <"$1")
  mapfile -t got < <(normalise <"$2")
  local -a seg=() segs=() ; local open_start=0 open_end=0 i
  [[ ${want[0]-} == "..." ]] && open_start=1
  [[ ${want[${#want[@]}-1]-} == "..." ]] && open_end=1
  # Segments of consecutive lines between "..." lines, each as one string.
  local cur="" has=0
  for i in "${!want[@]}"; do
    if [[ ${want[$i]} == "..." ]]; then
      ((has)) && segs+=("$cur")
      cur="" has=0
    else
      cur+="${want[$i]}"$'\n'; has=1
    fi
  done
  ((has)) && segs+=("$cur")
  local pos=0 s n k j text
  for s in "${!segs[@]}"; do
    n=$(grep -c '' <<<"${segs[$s]%$'\n'}")
    local last=$((s == ${#segs[@]} - 1))
    local found=-1
    for ((k = pos; k + n <= ${#got[@]}; k++)); do
      ((s == 0 && !open_start && k != 0)) && break
      ((last && !open_end && k + n != ${#got[@]})) && continue
      text=""
      for ((j = k; j < k + n; j++)); do text+="${got[$j]}"$'\n'; done
      if [[ $text == "${segs[$s]}" ]]; then found=$k; break; fi
    done
    ((found < 0)) && return 1
    pos=$((found + n))
  done
  ((${#segs[@]} > 0 || ${#got[@]} == 0 || open_start))
}

status=0 run=0 skipped=0
examples=$work/examples
awk -v dir="$examples" '
  /^```/ { inblock = !inblock; current = ""; next }
  inblock && /^\$ / { ++count; current = dir "." count; print substr($0, 3) > (current ".cmd"); printf "" > (current ".want"); next }
  inblock && current != "" { print >> (current ".want") }
' "$readme"
for cmd_file in "$examples".*.cmd; do
  cmd=$(cat "$cmd_file")
  want=${cmd_file%.cmd}.want
  # Only examples of chesstool whose output the README shows.
  [[ $cmd == *chesstool* ]] || continue
  [[ -s $want ]] || continue
  # A file read must exist; an output file (-o, --duplicates) need not.
  missing="" previous=""
  for word in $cmd; do
    word=${word//\'/}
    [[ $word == *.pgn && ! -e $work/$word && $previous != -o && $previous != --duplicates ]] && missing=$word
    previous=$word
  done
  if [[ -n $missing ]]; then
    ((++skipped))
    continue
  fi
  got=${cmd_file%.cmd}.got
  (cd "$work" && PATH="$work/bin:$PATH" bash -c "$cmd") >"$got" 2>&1
  ((++run))
  # Standard error is unbuffered and standard output is not: lines of the two may come in
  # another order than on a terminal, so an example without "..." may match in any order.
  if ! matches "$want" "$got" &&
     { grep -qx '\.\.\.' "$want" || ! matches <(sort "$want") <(sort "$got"); }; then
    echo "README example differs: \$ $cmd"
    diff <(normalise <"$want") <(normalise <"$got") | head -20
    status=1
  fi
done
# The README has a dozen examples that run here; far fewer means the extraction broke.
((run >= 10)) || { echo "only $run README examples ran ($skipped skipped)"; exit 1; }
((status == 0)) && echo "all $run README examples print what the README shows ($skipped skipped)"
exit $status
