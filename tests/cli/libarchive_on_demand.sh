#!/usr/bin/env bash
# libarchive is loaded on first use (src/io/libarchive_api.hpp): not linked, not opened by
# commands that read plain or compressed PGN, opened for zip and tar inputs and compressed
# outputs; when it cannot be loaded, those fail with exit status 2 and say why, and the
# rest still works. The dynamic loader's own trace (LD_DEBUG=files) says what was opened.
# Usage: tests/cli/libarchive_on_demand.sh BIN [CXX]   (CXX builds a libarchive without
# most of its functions; without it that case is not run)
set -uo pipefail
bin=$1 cxx=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
sample=$here/../../testdata/sample/twic-232games.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
fails=0
fail() {
  echo "FAIL: $*"
  fails=$((fails + 1))
}

for tool in gzip zip tar readelf; do
  command -v $tool >/dev/null || { echo "skipped: needs $tool"; exit 77; }
done
cp "$sample" g.pgn && gzip -k g.pgn && zip -q g.zip g.pgn && tar cf g.tar g.pgn || exit 2

if readelf -d "$bin" | grep 'NEEDED.*libarchive' >/dev/null; then fail "the binary links libarchive"; fi

# opens_libarchive CMD...: true when running CMD opened libarchive.so.13.
opens_libarchive() {
  LD_DEBUG=files "$@" 2>&1 >/dev/null | grep 'file=libarchive\.so\.13 ' >/dev/null
}
# Controls: the trace is there to be read (the binary's own libraries show in it).
LD_DEBUG=files "$bin" --version 2>&1 >/dev/null | grep 'file=libc\.so\.6 ' >/dev/null || fail "LD_DEBUG=files traces nothing"
for cmd in "--version" "fen startpos" "board startpos" "perft startpos 2" "validate -q g.pgn" "validate -q g.pgn.gz" \
           "convert --to uci g.pgn" "filter --player Carlsen g.pgn"; do
  # shellcheck disable=SC2086
  if opens_libarchive "$bin" $cmd; then fail "'chesstool $cmd' loads libarchive"; fi
done
for cmd in "validate -q g.zip" "validate -q g.tar" "convert --to uci -o out.uci.gz g.pgn" \
           "convert --to pgn --compress xz g.pgn"; do
  # shellcheck disable=SC2086
  if ! opens_libarchive "$bin" $cmd; then fail "'chesstool $cmd' does not load libarchive"; fi
done

# expect_unavailable DIR WHY: with DIR first in the library path, zip, tar and compressed
# outputs fail with status 2 and a message that holds WHY; plain and gzip inputs still work.
expect_unavailable() {
  local dir=$1 why=$2 err status
  for input in g.zip g.tar; do
    err=$(LD_LIBRARY_PATH=$dir "$bin" validate -q $input 2>&1 >/dev/null)
    status=$?
    [[ $status == 2 ]] || fail "$input with $dir: exit $status, not 2"
    [[ $err == "chesstool: error: cannot read $input: libarchive is not available ($dir/libarchive.so.13: "*"$why"*")" ]] ||
      fail "$input with $dir: $err"
  done
  err=$(LD_LIBRARY_PATH=$dir "$bin" convert --to pgn -o out.pgn.gz g.pgn 2>&1)
  status=$?
  [[ $status == 2 ]] || fail "-o out.pgn.gz with $dir: exit $status, not 2"
  [[ $err == *"cannot write out.pgn.gz: cannot compress with gzip: libarchive is not available ($dir/libarchive.so.13: "*"$why"* ]] ||
    fail "-o out.pgn.gz with $dir: $err"
  [[ ! -e out.pgn.gz ]] || fail "-o out.pgn.gz with $dir: the file was written"
  err=$(LD_LIBRARY_PATH=$dir "$bin" convert --to pgn --compress zstd g.pgn 2>&1 >/dev/null)
  status=$?
  [[ $status == 2 && $err == *"cannot write standard output: cannot compress with zstd: libarchive is not available"* ]] ||
    fail "--compress zstd with $dir: exit $status: $err"
  for input in g.pgn g.pgn.gz; do
    LD_LIBRARY_PATH=$dir "$bin" validate -q $input || fail "$input with $dir: exit $?, not 0"
  done
}

# A file that is no library at all.
mkdir empty && : >empty/libarchive.so.13
expect_unavailable "$tmp/empty" "file too short"

# A library without the functions chesstool calls (a libarchive of another ABI).
if [[ -n $cxx ]]; then
  mkdir stub
  echo 'extern "C" void* archive_read_new() { return nullptr; }' >stub/stub.cpp
  if "$cxx" -shared -fPIC -Wl,-soname,libarchive.so.13 -o stub/libarchive.so.13 stub/stub.cpp; then
    expect_unavailable "$tmp/stub" "undefined symbol: archive_"
  else
    fail "cannot build the stub library with $cxx"
  fi
fi

if ((fails > 0)); then
  echo "$fails failure(s)"
  exit 1
fi
echo "libarchive on demand: ok"
