#!/usr/bin/env bash
# Every long option that `chesstool <cmd> --help` lists must be documented in
# man/chesstool.1, and so must every choice of an option ("TEXT:{pgn,uci}" in --help: each
# value in bold at the start of a man line, as the man page lists values); the man page
# must render without groff warnings.
set -uo pipefail
bin=$1
man=$(dirname "$0")/../../man/chesstool.1
status=0
"$bin" --help >/dev/null || { echo "chesstool --help failed (exit $?)"; exit 1; }
commands=$("$bin" --help | awk '/^Subcommands:/{on=1; next} on && !NF {exit} on {print $1}')
[[ -n $commands ]] || { echo "no subcommands found in --help"; exit 1; }
for cmd in $commands; do
  for opt in $("$bin" "$cmd" --help | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u); do
    [[ $opt == --help ]] && continue
    # The man page escapes hyphens: --max-errors is written \-\-max\-errors.
    escaped=${opt//-/\\-}
    if ! grep -qF -- "$escaped" "$man"; then
      echo "chesstool $cmd: option $opt is not in man/chesstool.1"
      status=1
    fi
  done
  for value in $("$bin" "$cmd" --help | grep -oE ':\{[^}]*\}' | tr -d ':{}' | tr ',' '\n' | sort -u); do
    escaped=${value//-/\\-}
    if ! grep -qE -- "^\.B[RI]? $escaped( |$)" "$man"; then
      echo "chesstool $cmd: choice $value is not listed in man/chesstool.1 (as .B $value)"
      status=1
    fi
  done
  grep -qF "chesstool $cmd" "$man" || { echo "subcommand $cmd is not in man/chesstool.1"; status=1; }
done
if command -v groff >/dev/null; then
  warnings=$(groff -ww -man -Tutf8 "$man" 2>&1 >/dev/null)
  [[ -z $warnings ]] || { echo "groff warnings:"; echo "$warnings"; status=1; }
fi
[[ $status == 0 ]] && echo "all options of: $commands are documented"
exit $status
