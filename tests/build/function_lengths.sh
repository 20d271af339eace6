#!/usr/bin/env bash
# No function in src/ is longer than 80 lines (issue #11), except a hot loop whose
# comment says so: the comment block right above it holds "hot loop" and the figure
# that shows splitting it measures slower.
#
# usage: function_lengths.sh SRC_DIR [LIMIT]
# A function is a brace block opened after ")" (with const, noexcept, override, a
# trailing return type or a constructor's initializer list), outside any other
# function; strings, character literals and comments are skipped.
set -u
src=$1 limit=${2:-80}
files=$(find "$src" -name '*.cpp' -o -name '*.hpp' | sort)
[[ -n $files ]] || { echo "FAIL: no sources under $src"; exit 1; }
# shellcheck disable=SC2086
awk -v limit="$limit" '
function flush_statement() { stmt = "" }
FNR == 1 { depth = 0; in_block = 0; stmt = ""; comment_run = "" }
{
  line = $0; n = length(line); i = 1
  code_seen = 0
  while (i <= n) {
    c = substr(line, i, 1); two = substr(line, i, 2)
    if (in_block) { if (two == "*/") { in_block = 0; i += 2 } else i++; continue }
    if (two == "//") { if (!code_seen) comment_run = comment_run " " substr(line, i); break }
    if (two == "/*") { in_block = 1; i += 2; continue }
    if (c == "\"" || c == "'\''") {
      q = c; i++
      while (i <= n && substr(line, i, 1) != q) { if (substr(line, i, 1) == "\\") i++; i++ }
      i++; stmt = stmt "x"; code_seen = 1; continue
    }
    if (c != " " && c != "\t") code_seen = 1
    if (c == "{") {
      s = stmt; sub(/[ \t]+$/, "", s)
      is_func = (s ~ /\)[ \t]*(const)?[ \t]*(noexcept)?[ \t]*(override)?[ \t]*(->[ \t]*[A-Za-z_:<>,* &]+)?$/) && (s !~ /(^|[^A-Za-z_])(if|for|while|switch|catch)[ \t]*\(/)
      outer_func = 0
      for (d = 1; d <= depth; d++) if (kind[d] == "f") outer_func = 1
      depth++
      kind[depth] = (is_func && !outer_func) ? "f" : "o"
      if (kind[depth] == "f") { start[depth] = FNR; sig[depth] = s; hot[depth] = (comment_run ~ /hot loop/) }
      flush_statement(); i++; continue
    }
    if (c == "}") {
      if (depth > 0) {
        if (kind[depth] == "f") {
          len = FNR - start[depth] + 1
          if (len > limit && !hot[depth]) {
            name = sig[depth]; if (length(name) > 70) name = substr(name, length(name) - 69)
            printf "%s:%d: function of %d lines (limit %d): %s\n", FILENAME, start[depth], len, limit, name
            bad++
          } else if (len > limit) {
            printf "%s:%d: hot loop of %d lines, kept whole (its comment says why)\n", FILENAME, start[depth], len
          }
          funcs++
        }
        depth--
      }
      flush_statement(); i++; continue
    }
    if (c == ";") { flush_statement(); i++; continue }
    stmt = stmt c; i++
  }
  if (code_seen && stmt !~ /^[ \t]*$/) stmt = stmt " "
  if (code_seen) { if (line !~ /^[ \t]*(\/\/|$)/) comment_run = "" }
}
END {
  printf "%d functions checked, %d over %d lines\n", funcs, bad + 0, limit
  exit (bad > 0 || funcs < 100) ? 1 : 0
}' $files
