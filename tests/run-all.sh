#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs missing build packages (Debian, as root),
# then builds and tests a Release build (-Werror) and an AddressSanitizer +
# UndefinedBehaviorSanitizer build. Usage: bash tests/run-all.sh
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ make libcli11-dev libfmt-dev libgtest-dev zlib1g-dev jq)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)

echo "== Release build (-Wall -Wextra -Werror) =="
cmake -S . -B build-ci-release -DCMAKE_BUILD_TYPE=Release -DCHESSTOOL_WERROR=ON >/dev/null
cmake --build build-ci-release -j "$jobs"
ctest --test-dir build-ci-release --output-on-failure -j "$jobs"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build =="
cmake -S . -B build-ci-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHESSTOOL_SANITIZE=address,undefined >/dev/null
cmake --build build-ci-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-ci-asan --output-on-failure -j "$jobs"
