#!/usr/bin/env bash
# Differential test: `chesstool filter` selects the same games as pgn-extract on the corpus
# archives (../shared/corpus/archives/*.pgn beside the repository), criterion by criterion:
#   pgn-extract -t TAGFILE (WhiteElo >= "2500")  vs  filter --where 'WhiteElo >= 2500'
#   pgn-extract -t TAGFILE (Elo >= "2700")        vs  filter --where 'WhiteElo >= 2700 or BlackElo >= 2700'
#   pgn-extract --checkmate                       vs  filter --ends checkmate
#   pgn-extract --stalemate                       vs  filter --ends stalemate
#   pgn-extract --minply 80 --maxply 100 (-pl80 -pu100)  vs  filter --plies 80..100
#   pgn-extract -x VARFILE (e4 c5 Nf3 d6)         vs  filter --reaches FEN
# (For the two endings, a game pgn-extract selects by its final position may have ended
# earlier by the Laws; see check_end.)
# Both outputs go through `chesstool convert --to uci` (one line of mainline moves per
# game, in input order), so the formats do not matter and games that do not replay drop
# out of both. Each criterion must select at least a minimum number of games, so an empty
# corpus or a criterion that selects nothing cannot pass.
# Usage: tests/diff/filter-vs-pgn-extract.sh CHESSTOOL_BINARY
# Exit 0 when every set agrees (or 77, skipped, when pgn-extract or the corpus is absent).
set -uo pipefail
bin=${1:?usage: $0 CHESSTOOL_BINARY}
here=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${CHESSTOOL_CORPUS:-$here/../shared/corpus}
pgn_extract=${PGN_EXTRACT:-$(command -v pgn-extract || echo /usr/games/pgn-extract)}
if [[ ! -x $pgn_extract ]]; then echo "SKIP: pgn-extract is not installed"; exit 77; fi
shopt -s nullglob
archives=("$corpus"/archives/*.pgn)
if ((${#archives[@]} == 0)); then echo "SKIP: no corpus archives under $corpus/archives"; exit 77; fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "${archives[@]}"; do cat "$f"; echo; done >"$tmp/all.pgn"
games=$("$bin" filter --json --jobs 1 --where 'Event ~ ""' "$tmp/all.pgn" 2>/dev/null | sed -n 's/.*"type":"summary".*"read":\([0-9]*\).*/\1/p')
echo "corpus: ${#archives[@]} archives, $games games"
status=0
((games >= 2000)) || { echo "FAIL: only ${games:-0} games read from the corpus (at least 2000 expected)"; status=1; }

uci() { "$bin" convert --to uci --quiet --jobs 1 - 2>/dev/null; }

# ran NAME WHAT STATUS...: every program of the pipeline just run exited 0 (the corpus is
# all readable and every selection is legal PGN), else the comparison means nothing.
ran() {
  local name=$1 what=$2
  shift 2
  local s
  for s in "$@"; do
    if ((s != 0)); then
      echo "FAIL $name: $what exited with statuses $*"
      status=1
      return 1
    fi
  done
}

# check NAME MIN "PGN-EXTRACT ARGS" CHESSTOOL-FILTER-ARGS...
check() {
  local name=$1 min=$2 pe_args=$3
  shift 3
  # shellcheck disable=SC2086
  "$pgn_extract" -s $pe_args "$tmp/all.pgn" 2>/dev/null | uci >"$tmp/pe.uci"
  ran "$name" "pgn-extract | convert" "${PIPESTATUS[@]}" || return
  "$bin" filter --quiet --jobs 1 "$@" "$tmp/all.pgn" | uci >"$tmp/ct.uci"
  ran "$name" "filter | convert" "${PIPESTATUS[@]}" || return
  local n_pe n_ct
  n_pe=$(wc -l <"$tmp/pe.uci")
  n_ct=$(wc -l <"$tmp/ct.uci")
  if ! cmp -s "$tmp/pe.uci" "$tmp/ct.uci"; then
    echo "FAIL $name: pgn-extract $n_pe games, chesstool $n_ct games; first differences:"
    diff "$tmp/pe.uci" "$tmp/ct.uci" | head -6 | cut -c1-160
    status=1
  elif ((n_ct < min)); then
    echo "FAIL $name: both select $n_ct games, fewer than the $min expected"
    status=1
  else
    echo "ok   $name: $n_ct games, the same in both"
  fi
}

# check_end NAME MIN "PGN-EXTRACT ARGS" ENDING: pgn-extract looks at the final position
# only; by the FIDE Laws a game ends at its first automatic end (a dead position, fivefold,
# 75 moves), so a game that ended that way before its final stalemate is not a stalemate
# for chesstool. The sets must agree but for such games, each named.
check_end() {
  local name=$1 min=$2 pe_args=$3 ending=$4
  # shellcheck disable=SC2086
  "$pgn_extract" -s $pe_args "$tmp/all.pgn" 2>/dev/null | uci | sort >"$tmp/pe.uci"
  ran "$name" "pgn-extract | convert | sort" "${PIPESTATUS[@]}" || return
  "$bin" filter --quiet --jobs 1 --ends "$ending" "$tmp/all.pgn" | uci | sort >"$tmp/ct.uci"
  ran "$name" "filter | convert | sort" "${PIPESTATUS[@]}" || return
  local others=() e
  for e in checkmate stalemate insufficient-material dead-position fivefold seventyfive; do
    [[ $e == "$ending" ]] || others+=(--ends "$e")
  done
  "$bin" filter --quiet --jobs 1 "${others[@]}" "$tmp/all.pgn" | uci | sort >"$tmp/ended.uci"
  ran "$name" "filter (other ends) | convert | sort" "${PIPESTATUS[@]}" || return
  local extra_ct missing unexplained
  extra_ct=$(comm -13 "$tmp/pe.uci" "$tmp/ct.uci" | wc -l)
  missing=$(comm -23 "$tmp/pe.uci" "$tmp/ct.uci")
  unexplained=$(comm -23 <(printf '%s\n' "$missing" | sed '/^$/d') "$tmp/ended.uci" | wc -l)
  local n_ct n_missing
  n_ct=$(wc -l <"$tmp/ct.uci")
  n_missing=$(printf '%s\n' "$missing" | sed '/^$/d' | wc -l)
  if ((extra_ct || unexplained)); then
    echo "FAIL $name: $extra_ct games only chesstool selects, $unexplained only pgn-extract selects without an earlier automatic end"
    status=1
  elif ((n_ct < min)); then
    echo "FAIL $name: $n_ct games, fewer than the $min expected"
    status=1
  else
    echo "ok   $name: $n_ct games, the same in both but $n_missing that ended earlier by another automatic end (FIDE 5.2.2, 9.6)"
  fi
}

printf 'WhiteElo >= "2500"\n' >"$tmp/elo.tags"
printf 'Elo >= "2700"\n' >"$tmp/either.tags"
printf 'e4 c5 Nf3 d6\n' >"$tmp/najdorf.var"
check "-t WhiteElo>=2500" 100 "-t$tmp/elo.tags" --where 'WhiteElo >= 2500'
check "-t Elo>=2700" 10 "-t$tmp/either.tags" --where 'WhiteElo >= 2700 or BlackElo >= 2700'
check_end "--checkmate" 20 "--checkmate" checkmate
check_end "--stalemate" 3 "--stalemate" stalemate
# --minply/--maxply are newer spellings of -pl/-pu (Debian 12's pgn-extract 19.04 has only those).
plies="-pl80 -pu100"
help=$("$pgn_extract" -h 2>&1)  # read whole: grep -q in a pipe could end it by SIGPIPE under pipefail
[[ $help == *--minply* ]] && plies="--minply 80 --maxply 100"
check "--minply/--maxply ($plies)" 50 "$plies" --plies 80..100
check "-x e4 c5 Nf3 d6" 10 "-x$tmp/najdorf.var" \
  --reaches "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"
exit $status
