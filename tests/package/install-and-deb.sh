#!/usr/bin/env bash
# Checks the installed layout (cmake --install into a staging folder) and, as root with
# dpkg, that the CPack .deb names libarchive13 (loaded with dlopen) among its dependencies
# and installs and removes cleanly.
# Usage: tests/package/install-and-deb.sh [BUILD_DIR]   (default: a portable build of its own)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-ci-package}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCHESSTOOL_BUILD_TESTS=OFF -DCHESSTOOL_NATIVE=OFF >/dev/null
fi
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target chesstool >/dev/null
cmake --install "$build" --prefix "$stage/usr" >/dev/null
for f in bin/chesstool share/man/man1/chesstool.1 share/bash-completion/completions/chesstool; do
  [[ -f $stage/usr/$f ]] || { echo "install: missing $f"; exit 1; }
done
"$stage/usr/bin/chesstool" --version
bash -n "$stage/usr/share/bash-completion/completions/chesstool"
echo "install layout: ok"

if [[ $(id -u) != 0 ]] || ! command -v dpkg >/dev/null; then
  echo "deb: skipped (needs root and dpkg)"
  exit 0
fi
if dpkg -s chesstool >/dev/null 2>&1; then
  echo "deb: skipped (a chesstool package is already installed here)"
  exit 0
fi
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/chesstool_*.deb)
# libarchive is loaded with dlopen, which dpkg-shlibdeps cannot see: the package names it.
depends=$(dpkg-deb -f "$deb" Depends)
[[ $depends == *"libarchive13 (>= 3.4)"* ]] || { echo "deb: libarchive13 not among the dependencies: $depends"; exit 1; }
[[ $depends == *libzstd1* ]] || { echo "deb: shlibdeps' dependencies missing: $depends"; exit 1; }
dpkg -i "$deb" >/dev/null
/usr/bin/chesstool --version
/usr/bin/chesstool perft startpos 3 --expect 8902 >/dev/null
[[ -f /usr/share/man/man1/chesstool.1 ]] || { echo "deb: man page not installed"; exit 1; }
dpkg -r chesstool >/dev/null
if [[ -e /usr/bin/chesstool || -e /usr/share/man/man1/chesstool.1 ]]; then
  echo "deb: files left after dpkg -r"
  exit 1
fi
echo "deb: installs and removes cleanly ($deb)"
