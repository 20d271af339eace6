#!/usr/bin/env bash
# Every diagnostic code must have its entry in the DIAGNOSTICS section of man/chesstool.1
# or the LENIENT NOTATION one after it (in bold: ".B code", ".BR a ", " code"), where a user looks it up: the codes the golden cases show
# ("... [code]" at the end of a message on standard error, "code":"..." in a JSON
# record), and those the source gives (Severity::X, "code"; .code = "code"; a string
# ending in " [code]", as the notes of a file are written).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
man=$here/../../man/chesstool.1
cases=$here/cases
src=$here/../../src
# DIAGNOSTICS, and LENIENT NOTATION after it (the codes of --strict's warnings).
section=$(sed -n '/^\.SH DIAGNOSTICS/,/^\.SH ENVIRONMENT/p' "$man")
[[ -n $section ]] || { echo "no DIAGNOSTICS section in $man"; exit 1; }
codes=$({
  grep -ohE '\[[a-z][a-z0-9]*(-[a-z0-9]+)*\]$' "$cases"/*.err | tr -d '[]'
  grep -ohE '"code":"[a-z][a-z0-9-]*"' "$cases"/*.out | sed 's/.*:"//; s/"$//'
  grep -rhoE 'Severity::[A-Za-z]+, "[a-z0-9-]+"' "$src" | sed 's/.*, "//; s/"$//'
  grep -rhoE 'code = "[a-z0-9-]+"' "$src" | sed 's/.*= "//; s/"$//'
  grep -rhoE '"[^"]*\[[a-z]{3,}(-[a-z0-9]+)+\]' "$src" | grep -oE '\[[a-z]{3,}(-[a-z0-9]+)+\]$' | tr -d '[]'
} | sort -u)
count=$(printf '%s\n' "$codes" | sed '/^$/d' | wc -l)
# Most of the 64 codes: far fewer means the extraction broke.
((count >= 45)) || { echo "only $count codes found (at least 45 expected)"; exit 1; }
status=0
for code in $codes; do
  escaped=${code//-/\\\\-}
  if ! grep -qE -- "^\.BR? (.*[ \"])?$escaped([ \"]|$)" <<<"$section"; then
    echo "code $code has no entry in DIAGNOSTICS of man/chesstool.1"
    status=1
  fi
done
((status == 0)) && echo "all $count codes are documented"
exit $status
