#!/usr/bin/env bash
# Runs one golden CLI case: tests/cli/cases/NAME.cmd holds the arguments (one shell line,
# run from testdata/ with $CHESSTOOL as the binary); NAME.stdin, if present, is fed to
# standard input. Compares stdout, stderr and the exit status with NAME.out, NAME.err and
# NAME.code. Timings are masked. CHESSTOOL_UPDATE_GOLDEN=1 rewrites the expectations.
# Every chesstool run of the case is watched: one killed by a signal (a crash, an abort)
# fails the case wherever it stood, in a pipeline or in $(...) too, whose status the
# case's own exit status does not show; SIGPIPE alone is a reader's choice (`| head`).
# The exit status of each run, in order, must be NAME.codes (one a line) where the case's
# own status is not that of its one run (several runs, or a pipeline that ends in another
# command); without NAME.codes, the case has one run, whose status is NAME.code.
set -uo pipefail
bin=$1 name=$2
here=$(cd "$(dirname "$0")" && pwd)
cases=$here/cases
cd "$here/../../testdata" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The binary behind a script that notes each run that a signal ended.
real_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
cat >"$tmp/chesstool" <<WRAPPER
#!/usr/bin/env bash
"$real_bin" "\$@"
status=\$?
echo "\$status" >>"$tmp/codes"
if ((status > 128 && status != 141)); then echo "\$status \$*" >>"$tmp/killed"; fi
exit \$status
WRAPPER
chmod +x "$tmp/chesstool"
# Cases run copies of it as another user (permission cases): the notes are theirs to write.
: >"$tmp/codes" && : >"$tmp/killed" && chmod 666 "$tmp/codes" "$tmp/killed" && chmod 711 "$tmp"
export CHESSTOOL=$tmp/chesstool
stdin=/dev/null
[[ -f $cases/$name.stdin ]] && stdin=$cases/$name.stdin
bash -c "$(cat "$cases/$name.cmd")" <"$stdin" >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/code"
if [[ -s $tmp/killed ]]; then
  echo "--- $name: chesstool was killed by a signal (exit status 128 + signal, then its arguments):"
  cat "$tmp/killed"
  exit 1
fi

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
  if cmp -s "$tmp/code" "$tmp/codes"; then rm -f "$cases/$name.codes"; else cp "$tmp/codes" "$cases/$name.codes"; fi
  echo "updated $name"
  exit 0
fi

# The runs' statuses, where 141 (SIGPIPE: `| head` closed the pipe, which races the
# writer's last write) stands for any status, on either side.
codes_match() {
  awk 'NR == FNR { want[FNR] = $0; n = FNR; next }
       { got[FNR] = $0; m = FNR }
       END { if (n != m) exit 1
             for (i = 1; i <= n; ++i) if (want[i] != got[i] && want[i] != 141 && got[i] != 141) exit 1 }' "$1" "$2"
}

status=0
[[ -f $cases/$name.codes ]] || cp "$cases/$name.code" "$tmp/expected.codes"
for f in out err code codes; do
  expected=$cases/$name.$f
  actual=$tmp/$f.masked
  [[ $f == code* ]] && actual=$tmp/$f
  [[ $f == codes && ! -f $expected ]] && expected=$tmp/expected.codes
  [[ $f == codes ]] && codes_match "$expected" "$actual" && continue
  if ! diff -u "$expected" "$actual" >"$tmp/diff"; then
    echo "--- $name: $f differs"
    cat "$tmp/diff"
    status=1
  fi
done
exit $status
