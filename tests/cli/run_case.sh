#!/usr/bin/env bash
# Runs one golden CLI case: tests/cli/cases/NAME.cmd holds the arguments (one shell line,
# run from testdata/ with $CHESSTOOL as the binary); NAME.stdin, if present, is fed to
# standard input. Compares stdout, stderr and the exit status with NAME.out, NAME.err and
# NAME.code. Timings are masked. CHESSTOOL_UPDATE_GOLDEN=1 rewrites the expectations.
set -uo pipefail
bin=$1 name=$2
here=$(cd "$(dirname "$0")" && pwd)
cases=$here/cases
cd "$here/../../testdata" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

export CHESSTOOL=$bin
stdin=/dev/null
[[ -f $cases/$name.stdin ]] && stdin=$cases/$name.stdin
bash -c "$(cat "$cases/$name.cmd")" <"$stdin" >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"

# Mask what changes from run to run: elapsed times and rates.
mask() {
  sed -E -e 's/in [0-9]+\.[0-9]+ s/in X s/g' \
    -e 's/"seconds":[0-9.e+-]+/"seconds":X/g' -e 's/"nps":[0-9]+/"nps":X/g' \
    -e 's/^time [0-9.]+ s \([0-9.]+ M nodes\/s\)$/time X/' "$1"
}
for f in out err; do mask "$tmp/$f" >"$tmp/$f.masked"; done

if [[ ${CHESSTOOL_UPDATE_GOLDEN:-0} == 1 ]]; then
  cp "$tmp/out.masked" "$cases/$name.out"
  cp "$tmp/err.masked" "$cases/$name.err"
  cp "$tmp/code" "$cases/$name.code"
  echo "updated $name"
  exit 0
fi

status=0
for f in out err code; do
  expected=$cases/$name.$f
  actual=$tmp/$f.masked
  [[ $f == code ]] && actual=$tmp/code
  if ! diff -u "$expected" "$actual" >"$tmp/diff"; then
    echo "--- $name: $f differs"
    cat "$tmp/diff"
    status=1
  fi
done
exit $status
