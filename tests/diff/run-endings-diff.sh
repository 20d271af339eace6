#!/usr/bin/env bash
# Differential test of game endings (status/winner) of `chesstool validate` against
# chessops: seeded random games plus the corpus oracle table (see README.md).
# Usage: tests/diff/run-endings-diff.sh [--games N] [--seed S] [--max-plies P] [--out FILE.pgn] [--no-corpus]
#   CHESSTOOL=path overrides the binary (default build/chesstool),
#   CHESSTOOL_CORPUS=dir the corpus (default ../shared/corpus beside the repository).
# Exit: 0 agreement (or skipped without node/npm), 1 unexplained disagreement, 2 setup error.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/diff/setup-node.sh
source "$here/setup-node.sh"
exec node "$here/endings-vs-chessops.mjs" --chesstool "$chesstool" --corpus "$corpus" "$@"
