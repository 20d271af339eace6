# Sourced by the run-*.sh scripts: finds node, npm, the chesstool binary and the corpus,
# and installs the pinned npm packages (package.json) into tests/diff/node_modules
# (git-ignored) on first use. Exits 0 with "skipped" when node or npm is missing, since
# these tests are optional extras that need the npm registry.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "skipped: npm not available (node and npm are needed for the chessops differential tests)"
  exit 0
fi
root=$(cd "$here/../.." && pwd)
chesstool=${CHESSTOOL:-$root/build/chesstool}
corpus=${CHESSTOOL_CORPUS:-$root/../shared/corpus}
[[ -x $chesstool ]] || { echo "no chesstool binary at $chesstool (build it first, or set CHESSTOOL)" >&2; exit 2; }
[[ -d $corpus/pgn ]] || { echo "skipped: corpus not found at $corpus"; exit 0; }
# Reinstall when the installed chessops is not the pinned version.
want=$(node -e 'console.log(require(process.argv[1]).dependencies.chessops)' "$here/package.json")
have=$(node -e 'try { console.log(require(process.argv[1]).version) } catch { console.log("none") }' \
  "$here/node_modules/chessops/package.json")
if [[ $have != "$want" ]]; then
  echo "installing npm packages from tests/diff/package.json (chessops $want) into tests/diff/node_modules"
  (cd "$here" && npm install --no-package-lock --no-audit --no-fund --loglevel=error >/dev/null) ||
    { echo "skipped: npm install failed (is the npm registry reachable?)"; exit 0; }
fi
