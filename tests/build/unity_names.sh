#!/usr/bin/env bash
# The cli folder is compiled in unity batches (src/CMakeLists.txt): its .cpp files share
# translation units, so a type that two of them define at namespace scope (in their
# anonymous namespaces: `struct Checked` in two commands) breaks the build as soon as the
# two files fall into one batch, which adding a file can bring about. No type name (struct,
# class, enum, alias) is defined at the start of a line in two files of the folder.
#
# usage: unity_names.sh DIR
set -u
dir=$1
shopt -s nullglob
files=("$dir"/*.cpp)
((${#files[@]} > 1)) || { echo "FAIL: fewer than two sources under $dir"; exit 1; }
# One line per file and name: "NAME FILE".
names=$(for f in "${files[@]}"; do
  grep -ohE '^((struct|class|enum class|enum) [A-Za-z_][A-Za-z0-9_]*|using [A-Za-z_][A-Za-z0-9_]* =)' "$f" |
    sed -E 's/ =$//' | awk '{print $NF}' | sort -u |
    sed "s|\$| $(basename "$f")|"
done)
[[ -n $names ]] || { echo "FAIL: no type definitions found under $dir"; exit 1; }
clashes=$(awk '{files[$1] = files[$1] " " $2; n[$1]++} END {for (k in n) if (n[k] > 1) print k ":" files[k]}' <<<"$names")
if [[ -n $clashes ]]; then
  echo "FAIL: type names defined in more than one file of $dir (they meet in one unity batch):"
  echo "$clashes"
  exit 1
fi
echo "ok: $(wc -l <<<"$names") type names in ${#files[@]} files, none twice"
