#!/usr/bin/env bash
# The build enforces the layers (src/CMakeLists.txt): with the include directories a
# layer's target really gets, a header of every layer below it compiles and a header of
# every other layer does not. A layer that could include upward fails this test.
#
# usage: layers.sh CXX INCLUDES_DIR SRC_DIR
#   INCLUDES_DIR holds LAYER.txt, one include directory per line, written by CMake from
#   each target's (transitive) INCLUDE_DIRECTORIES.
set -u
cxx=$1 includes=$2 src=$3

# Each layer and the layers it may include (itself first).
declare -A allowed=(
  [core]="core"
  [rules]="rules core"
  [io]="io"
  [pgn]="pgn core rules io"
  [openings]="openings pgn core rules io"
  [dedupe]="dedupe pgn core rules io"
  [filter]="filter openings pgn core rules io"
  [output]="output openings pgn core rules io"
  [tournament]="tournament output openings pgn core rules io"
  [cli]="cli tournament output openings dedupe filter pgn core rules io"
)
layers="core rules io pgn openings dedupe filter output tournament cli"

failures=0 checked=0
tmp_err=$(mktemp)
trap 'rm -f "$tmp_err"' EXIT
for layer in $layers; do
  list=$includes/$layer.txt
  if [[ ! -s $list ]]; then echo "FAIL: no include list for $layer ($list)"; failures=$((failures + 1)); continue; fi
  flags=()
  while IFS= read -r dir; do [[ -n $dir ]] && flags+=("-I$dir"); done < "$list"
  for other in $layers; do
    header=$(cd "$src/$other" && ls *.hpp | head -1)
    [[ -n $header ]] || { echo "FAIL: no header in src/$other"; failures=$((failures + 1)); continue; }
    want=no
    [[ " ${allowed[$layer]} " == *" $other "* ]] && want=yes
    if printf '#include "%s/%s"\n' "$other" "$header" |
       "$cxx" -std=c++20 -fsyntax-only -x c++ "${flags[@]}" - 2>"$tmp_err"; then
      got=yes
    elif grep -q "$other/$header: No such file or directory" "$tmp_err"; then
      got=no  # the layer cannot see that header: the one way it may fail
    else
      got="an error other than a header out of reach: $(head -c 300 "$tmp_err")"
    fi
    checked=$((checked + 1))
    if [[ $got != "$want" ]]; then
      echo "FAIL: $layer including $other/$header: expected compiles=$want, got $got"
      failures=$((failures + 1))
    fi
  done
done
echo "$checked layer pairs checked, $failures failures"
[[ $checked -eq 100 && $failures -eq 0 ]]
