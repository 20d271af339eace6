#!/usr/bin/env bash
# completions/chesstool.bash is what `chesstool --generate-completion bash` prints (so
# it lists every subcommand, option and choice of the binary), and it is valid bash that
# completes: subcommands at the first word, choices after --to, files after -o.
set -uo pipefail
bin=$1
file=$(cd "$(dirname "$0")/../.." && pwd)/completions/chesstool.bash
status=0
generated=$("$bin" --generate-completion bash) || { echo "chesstool --generate-completion bash failed (exit $?)"; exit 1; }
if ! diff -u "$file" <(printf '%s\n' "$generated"); then
  echo "completions/chesstool.bash is out of date: regenerate it with"
  echo "  build/chesstool --generate-completion bash > completions/chesstool.bash"
  status=1
fi
bash -n "$file" || { echo "completions/chesstool.bash is not valid bash"; status=1; }
# Drive the function as bash's programmable completion would.
complete_words() {
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _chesstool; printf "%s\n" "${COMPREPLY[@]}"' _ "$file" "$@"
}
got=$(complete_words chesstool va)
[[ $got == validate ]] || { echo "'chesstool va<TAB>' gave '$got', expected validate"; status=1; }
got=$(complete_words chesstool convert --to j)
[[ $got == json ]] || { echo "'chesstool convert --to j<TAB>' gave '$got', expected json"; status=1; }
got=$(complete_words chesstool annotate --in)
[[ $got == --in-place ]] || { echo "'chesstool annotate --in<TAB>' gave '$got', expected --in-place"; status=1; }
# "--to=j" arrives as the words "--to", "=" and "j" (without bash-completion's own splitting).
got=$(complete_words chesstool convert --to = j)
[[ $got == json ]] || { echo "'chesstool convert --to=j<TAB>' gave '$got', expected json"; status=1; }
got=$(complete_words chesstool report --kind = "" | tr '\n' ' ')
[[ $got == "round-robin swiss " ]] || { echo "'chesstool report --kind=<TAB>' gave '$got', expected round-robin swiss"; status=1; }
# A file name with a blank is one word.
dir=$(mktemp -d)
touch "$dir/my games.pgn"
got=$(cd "$dir" && complete_words chesstool validate my)
[[ $got == "my games.pgn" ]] || { echo "'chesstool validate my<TAB>' gave '$got', expected 'my games.pgn'"; status=1; }
# After "--" a word that starts with '-' is a file, not an option.
touch "$dir/-x.pgn"
got=$(cd "$dir" && complete_words chesstool validate a.pgn -- -)
[[ $got == "-x.pgn" ]] || { echo "'chesstool validate a.pgn -- -<TAB>' gave '$got', expected -x.pgn"; status=1; }
got=$(cd "$dir" && complete_words chesstool validate -)
[[ $got == *--json* ]] || { echo "'chesstool validate -<TAB>' gave '$got', expected the options"; status=1; }
rm -rf "$dir"
[[ $status == 0 ]] && echo "completion is up to date and completes"
exit $status
