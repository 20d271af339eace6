#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Compares `chesstool convert --to uci|lan|fen` on the corpus archives, game by game and
# move by move, with pgn-extract's -Wuci, -Wlalg and --fencomments output, and prints the
# agreement figures. Skips (exit 0) when pgn-extract or the corpus is absent.
# Usage: tests/cli/convert-vs-pgn-extract.sh [path/to/chesstool] [archive.pgn ...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
chesstool="${1:-$here/../../build/chesstool}"
shift || true
archives=("$@")
if ((${#archives[@]} == 0)); then
  corpus="${CHESSTOOL_CORPUS_DIR:-$here/../../../shared/corpus}"
  if [[ ! -d "$corpus/archives" ]]; then
    echo "SKIP: corpus archives not found ($corpus/archives)"
    exit 0
  fi
  archives=("$corpus"/archives/*.pgn)
fi
pgn_extract="$(command -v pgn-extract || true)"
[[ -z "$pgn_extract" && -x /usr/games/pgn-extract ]] && pgn_extract=/usr/games/pgn-extract
if [[ -z "$pgn_extract" ]]; then
  echo "SKIP: pgn-extract not installed (apt-get install pgn-extract)"
  exit 0
fi
if [[ ! -x "$chesstool" ]]; then
  echo "error: $chesstool is not an executable (build first or pass its path)" >&2
  exit 2
fi
command -v python3 >/dev/null || { echo "SKIP: python3 needed for the comparison"; exit 0; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
status=0
for archive in "${archives[@]}"; do
  name="$(basename "$archive")"
  # Ours (games that do not replay are left out and reported; pgn-extract drops them too).
  "$chesstool" convert -q --jobs 1 --to uci "$archive" >"$tmp/ours.uci" || true
  "$chesstool" convert -q --jobs 1 --to lan "$archive" >"$tmp/ours.lan" || true
  "$chesstool" convert -q --jobs 1 --to fen "$archive" >"$tmp/ours.fen" || true
  # Theirs: long lines so every game's movetext is one line; no variations or comments.
  "$pgn_extract" -s -Wuci --novars -w 100000 "$archive" >"$tmp/pe.uci" 2>/dev/null || true
  "$pgn_extract" -s -Wlalg --novars --nocomments -w 100000 "$archive" >"$tmp/pe.lan" 2>/dev/null || true
  "$pgn_extract" -s --fencomments --novars --nocomments -w 100000 "$archive" >"$tmp/pe.fen" 2>/dev/null || true
  python3 - "$name" "$tmp" <<'PY' || status=1
import re, sys
name, tmp = sys.argv[1], sys.argv[2]
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}

def pe_movetexts(path):
    """pgn-extract output: one movetext per game (the non-tag lines between blank lines)."""
    games, cur, in_moves = [], [], False
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("["):
            if in_moves:
                games.append(" ".join(cur)); cur, in_moves = [], False
            continue
        if line.strip():
            cur.append(line); in_moves = True
    if in_moves:
        games.append(" ".join(cur))
    return games

def move_tokens(text):
    # NAGs ($6) are kept by pgn-extract's -Wlalg; they are not moves.
    return [t for t in text.split() if t not in RESULTS and not t.startswith("$") and not re.fullmatch(r"\d+\.+", t)]

def squares_of_lan(tok, uci):
    """Our LAN token as from+to(+promotion) so it compares with pgn-extract's -Wlalg."""
    if tok.startswith("O-O"):
        return uci
    t = re.sub(r"[+#]$", "", tok).lstrip("NBRQK").replace("-", "").replace("x", "").replace("=", "")
    return t.lower()

ours_uci = [l.split() for l in open(f"{tmp}/ours.uci").read().split("\n")[:-1]]
ours_lan = [l.split() for l in open(f"{tmp}/ours.lan").read().split("\n")[:-1]]
ours_fen = [b.split("\n") for b in open(f"{tmp}/ours.fen").read().strip("\n").split("\n\n")] if ours_uci else []
pe_uci = [move_tokens(t) for t in pe_movetexts(f"{tmp}/pe.uci")]
pe_lan = [move_tokens(t) for t in pe_movetexts(f"{tmp}/pe.lan")]
pe_fen = [re.findall(r"\{\s*([^}]*?)\s*\}", t) for t in pe_movetexts(f"{tmp}/pe.fen")]

def fen_equal(ours, theirs):
    a, b = ours.split(), theirs.split()
    if len(a) != 6 or len(b) != 6:
        return False
    # pgn-extract writes the en passant square after every double step; chesstool only
    # when a legal capture exists (X-FEN), so ours may say "-" where theirs names a square.
    return a[:3] == b[:3] and a[4:] == b[4:] and (a[3] == b[3] or a[3] == "-")

ok = True
def report(kind, ours, theirs, eq):
    global ok
    games = min(len(ours), len(theirs))
    moves = agree = games_equal = 0
    first_diff = None
    for g in range(games):
        same = len(ours[g]) == len(theirs[g])
        for i, (x, y) in enumerate(zip(ours[g], theirs[g])):
            moves += 1
            if eq(g, i, x, y):
                agree += 1
            else:
                same = False
                if first_diff is None:
                    first_diff = (g + 1, i + 1, x, y)
        games_equal += same
    pct = 100.0 * agree / moves if moves else 100.0
    print(f"{name}: {kind}: games ours={len(ours)} pgn-extract={len(theirs)}, identical games {games_equal}/{games}, "
          f"moves agreeing {agree}/{moves} ({pct:.3f}%)")
    if first_diff:
        print(f"  first difference: game {first_diff[0]} item {first_diff[1]}: ours {first_diff[2]!r} pgn-extract {first_diff[3]!r}")
    if len(ours) != len(theirs) or games_equal != games:
        ok = False

# pgn-extract v19 writes UCI promotions in upper case (e7e8Q); the UCI protocol and
# chesstool use lower case, so the promotion letter is compared without case.
upper_promotions = sum(1 for g in pe_uci for t in g if len(t) == 5 and t[4].isupper())
print(f"{name}: uci: pgn-extract wrote {upper_promotions} promotions in upper case (compared case-insensitively)")
report("uci", ours_uci, pe_uci, lambda g, i, x, y: x == y[:4] + y[4:].lower())
report("lan", ours_lan, pe_lan, lambda g, i, x, y: squares_of_lan(x, ours_uci[g][i]) == y.rstrip("+#").lower())
# Our FEN list starts with the start position; pgn-extract comments the positions after each move.
report("fen", [f[1:] for f in ours_fen], pe_fen, lambda g, i, x, y: fen_equal(x, y))
sys.exit(0 if ok else 1)
PY
done
exit $status
