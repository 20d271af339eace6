# bash completion for chesstool(1): subcommands, their options, formats and files.
_chesstool() {
  local cur prev words cword
  _init_completion 2>/dev/null || {
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  }
  local commands="validate annotate convert report fen perft board"
  if ((cword == 1)); then
    COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
    return
  fi
  local cmd=${words[1]} opts=""
  case $cmd in
    validate) opts="--json --quiet -q --strict --jobs -j --max-errors --game-offset --help" ;;
    annotate) opts="--output -o --in-place --force --lang --jobs -j --quiet -q --help" ;;
    convert) opts="--to -t --output -o --reduced --rejects --from --jobs -j --quiet -q --help" ;;
    fen) opts="--json --quiet -q --help" ;;
    perft) opts="--divide --threads --hash --json --expect --help" ;;
    board) opts="--svg --lastmove --ascii --unicode --help" ;;
    report) opts="--json --csv --crosstable --k --k-default --lang --event --help" ;;
  esac
  case $prev in
    --to | -t) COMPREPLY=($(compgen -W "pgn uci lan fen epd json" -- "$cur")); return ;;
    --from) COMPREPLY=($(compgen -W "pgn fen" -- "$cur")); return ;;
    --lang) COMPREPLY=($(compgen -W "en ar" -- "$cur")); return ;;
    --jobs | -j | --threads | --hash | --max-errors | --game-offset | --expect | --lastmove) return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -X '!*.@(pgn|PGN|gz)' -- "$cur") $(compgen -d -- "$cur"))
  fi
}
complete -F _chesstool chesstool
