#!/usr/bin/env bash
# Differential test of `chesstool validate` against chessops (see README.md).
# Usage: tests/diff/run-validate-diff.sh [--lenient]
#   CHESSTOOL=path overrides the binary (default build/chesstool),
#   CHESSTOOL_CORPUS=dir the corpus (default ../shared/corpus beside the repository).
# Exit: 0 agreement (or skipped without node/npm), 1 unexplained disagreement, 2 setup error.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/diff/setup-node.sh
source "$here/setup-node.sh"
exec node "$here/validate-vs-chessjs.mjs" --chesstool "$chesstool" --corpus "$corpus" "$@"
