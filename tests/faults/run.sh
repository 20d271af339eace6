#!/usr/bin/env bash
# Fault-injection suite: what chesstool does when its outputs fail or are dangerous.
# Standard output on /dev/full or closed, standard error closed, an output that is an
# input (same path, symbolic link, hard link, -o and --rejects one file), an input that
# cannot be opened, a directory without write permission, a file-size limit reached in
# the middle of a write, SIGINT and SIGTERM in the middle of a write and while a run's
# files are renamed over their targets, outputs that are
# not regular files (a character device, a FIFO), --in-place with modes, owners and
# hard links, I/O errors in JSON records, a perft hash too large for the memory, a rename
# that fails after another succeeded (taken back), targets that can never be replaced
# (refused before reading), and an --in-place file written to during the run.
#
# Every case checks the exit status, the message on standard error, that every input
# and pre-existing output is unchanged (type, inode, links, mode, owner, sha256) and
# that the output's directory has the same listing afterwards (no temporary
# .NAME.chesstool-XXXXXX left). Controls check that the normal runs still work.
#
# Usage: bash tests/faults/run.sh BIN [CASE-REGEX]
#   BIN         the chesstool binary (the Release build)
#   CASE-REGEX  run only the cases whose name matches this extended regex
# Output: "ok  CASE", "FAIL CASE: why" or "skip CASE: why" per case, then a count.
# Exit status 1 when a case failed, 2 when the suite could not start.
# Best run as root (CI does): the permission cases then run as nobody through setpriv
# or runuser, and the cases that need chown or mknod are skipped without root.
set -uo pipefail
export LC_ALL=C

if (($# < 1 || $# > 2)); then
  echo "usage: $0 BIN [CASE-REGEX]" >&2
  exit 2
fi
BIN=$(realpath -e -- "$1" 2>/dev/null) || {
  echo "faults: no such binary: $1" >&2
  exit 2
}
if [[ ! -x $BIN ]]; then
  echo "faults: not executable: $BIN" >&2
  exit 2
fi
FILTER=${2:-}
HERE=$(cd -- "$(dirname -- "$0")" && pwd)
ROOT=$(cd -- "$HERE/../.." && pwd)
for tool in sha256sum stat timeout mkfifo gzip cmp comm env realpath; do
  if ! command -v "$tool" >/dev/null; then
    echo "faults: $tool is missing" >&2
    exit 2
  fi
done
# shellcheck source=tests/faults/lib.sh
source "$HERE/lib.sh"

SCR=$(mktemp -d "${TMPDIR:-/tmp}/chesstool-faults.XXXXXX") || exit 2
BG_PIDS=()
cleanup() {
  local p
  for p in "${BG_PIDS[@]}"; do
    kill -KILL "$p" 2>/dev/null
  done
  # A case stopped between its mount or chattr and their undoing.
  awk -v d="$SCR/" 'index($2, d) == 1 { print $2 }' /proc/mounts 2>/dev/null | xargs -r umount 2>/dev/null
  chattr -R -ia -- "$SCR" 2>/dev/null
  chmod -R u+rwX -- "$SCR" 2>/dev/null
  rm -rf -- "$SCR"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
chmod 755 "$SCR"
started=$SECONDS

# --- inputs, shared by every case (and checked unchanged after each) ---------------
DATA=$SCR/data
mkdir -m 755 "$DATA"
TWIC=$DATA/twic.pgn # 232 valid games
BAD=$DATA/bad.pgn   # one game with an illegal move
MIXED=$DATA/mixed.pgn
cp -- "$ROOT/testdata/sample/twic-232games.pgn" "$TWIC"
cp -- "$ROOT/testdata/pgn/invalid/illegal-move.pgn" "$BAD"
cat -- "$BAD" "$TWIC" >"$MIXED"
chmod 644 "$TWIC" "$BAD" "$MIXED"
SHARED_INPUTS=("$TWIC" "$BAD" "$MIXED")
START_FEN='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
CAP=$SCR/capture # standard output and error of the runs, outside every watched directory
mkdir -m 755 "$CAP"
OUT=$CAP/stdout
ERR=$CAP/stderr
REF=$SCR/reference
mkdir -m 755 "$REF"

# Reference output of a normal run, made once: reference NAME EXPECTED-RC ARGS... sets
# REF_FILE. A reference run that fails is a problem of the case that needs it.
reference() {
  local name=$1 want=$2 rc
  shift 2
  REF_FILE=$REF/$name
  if [[ ! -e $REF_FILE.rc ]]; then
    timeout -k 2 60 "$BIN" "$@" >"$REF_FILE" 2>"$REF_FILE.err"
    echo $? >"$REF_FILE.rc"
  fi
  rc=$(<"$REF_FILE.rc")
  if [[ $rc != "$want" ]]; then
    problem "reference run 'chesstool $*' gave $(describe_rc "$rc"), expected $(describe_rc "$want")"
  fi
}

# --- running as nobody -----------------------------------------------------------
# As root, permission bits mean something only for another user: the permission cases
# run as nobody. Not as root, they run as the current user.
AS_NOBODY=()
NOBODY_BIN=$BIN
NOBODY_WHY=""
if ((EUID == 0)); then
  if ! id -u nobody >/dev/null 2>&1 || ! getent group nogroup >/dev/null 2>&1; then
    NOBODY_WHY="no user nobody or no group nogroup"
  elif command -v setpriv >/dev/null && setpriv --reuid=nobody --regid=nogroup --clear-groups true 2>/dev/null; then
    AS_NOBODY=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  elif command -v runuser >/dev/null && runuser -u nobody -- true 2>/dev/null; then
    AS_NOBODY=(runuser -u nobody --)
  else
    NOBODY_WHY="neither setpriv nor runuser can switch to nobody"
  fi
  if ((${#AS_NOBODY[@]})) && ! "${AS_NOBODY[@]}" timeout 10 "$BIN" --version >/dev/null 2>&1; then
    # The build directory may be out of nobody's reach: a copy in the scratch directory.
    mkdir -m 755 "$SCR/bin"
    cp -- "$BIN" "$SCR/bin/chesstool"
    chmod 755 "$SCR/bin/chesstool"
    NOBODY_BIN=$SCR/bin/chesstool
    if ! "${AS_NOBODY[@]}" timeout 10 "$NOBODY_BIN" --version >/dev/null 2>&1; then
      NOBODY_WHY="nobody cannot run the binary, even copied to $SCR/bin"
      AS_NOBODY=()
    fi
  fi
  # shellcheck disable=SC2016 # $1 is for the inner shell
  if ((${#AS_NOBODY[@]})) && ! "${AS_NOBODY[@]}" sh -c 'test -r "$1"' sh "$TWIC"; then
    NOBODY_WHY="nobody cannot read the scratch directory $SCR"
    AS_NOBODY=()
  fi
fi
# True when the case can run as a user the permission bits apply to; else skips it.
can_be_unprivileged() {
  if ((EUID == 0 && ${#AS_NOBODY[@]} == 0)); then
    skip "cannot run as nobody: $NOBODY_WHY"
    return 1
  fi
}
need_root() {
  if ((EUID != 0)); then
    skip "needs root ($1)"
    return 1
  fi
}

# =====================================================================================
# 1, 2. Standard output on /dev/full, and closed.
# =====================================================================================
stdout_command() {
  case $1 in
    validate-json) ARGS=(validate --json "$TWIC") ;;
    convert-pgn) ARGS=(convert --to pgn "$TWIC") ;;
    convert-uci) ARGS=(convert --to uci "$TWIC") ;;
    convert-json) ARGS=(convert --to json "$TWIC") ;;
    annotate) ARGS=(annotate "$TWIC") ;;
    board) ARGS=(board startpos) ;;
    fen) ARGS=(fen "$START_FEN") ;;
    perft) ARGS=(perft startpos 3) ;;
    report) ARGS=(report "$TWIC") ;;
    convert-gzip) ARGS=(convert --to pgn --compress gzip "$TWIC") ;;
    dedupe) ARGS=(dedupe "$TWIC") ;;
    # Two and three passes over the input: a write failure in the last one is not an
    # input that changed between them.
    dedupe-most-tags) ARGS=(dedupe --keep most-tags "$TWIC") ;;
    dedupe-embedded) ARGS=(dedupe --embedded "$TWIC") ;;
    version) ARGS=(--version) ;;
    help) ARGS=(--help) ;;
  esac
}
STDOUT_COMMANDS=(validate-json convert-pgn convert-uci convert-json annotate board fen perft report convert-gzip dedupe
  dedupe-most-tags dedupe-embedded version help)

t_stdout_full() {
  stdout_command "$1"
  run --stdout full -- "${ARGS[@]}"
  want_rc 2
  want_err_line "chesstool: error: writing standard output: No space left on device"
  # One failure, said once (a compressor fails with the stream it writes to).
  (($(grep -c 'error' "$ERR") == 1)) || problem "$(grep -c 'error' "$ERR") error lines, expected one"
}

t_stdout_closed() {
  stdout_command "$1"
  run --stdout closed -- "${ARGS[@]}"
  want_rc 2
  want_err 'writing standard output' "'writing standard output'"
}

# A regular file as standard output, under a file-size limit: the same error.
t_stdout_fsize() {
  newdir
  watch_dir "$D"
  run --stdout "$CAP/limited" --fsize 50 -- convert --to pgn "$TWIC"
  want_rc 2
  want_err 'writing standard output: File too large' "'writing standard output: File too large'"
}

# =====================================================================================
# 3. Standard error closed: the normal exit status, no crash.
# =====================================================================================
stderr_command() {
  case $1 in
    validate-invalid) ARGS=(validate "$BAD") EXPECT=1 ;;
    validate-valid) ARGS=(validate --json "$TWIC") EXPECT=0 ;; # the records show it ran (the summary goes to stderr)
    validate-json-invalid) ARGS=(validate --json "$MIXED") EXPECT=1 ;;
    convert-invalid) ARGS=(convert --to uci "$MIXED") EXPECT=1 ;;
    annotate-invalid) ARGS=(annotate "$MIXED") EXPECT=1 ;;
    fen-invalid) ARGS=(fen '8/8/8/8/8/8/8/8 w - - 0 1') EXPECT=1 ;;
    board-invalid) ARGS=(board 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1') EXPECT=2 ;;
    perft-invalid) ARGS=(perft '8/8/8/8/8/8/8/8 w - - 0 1' 3) EXPECT=2 ;;
    report-invalid) ARGS=(report "$MIXED") EXPECT=1 ;;
    missing-input) ARGS=(validate "$SCR/nosuch.pgn") EXPECT=2 ;;
  esac
}
STDERR_COMMANDS=(validate-invalid validate-valid validate-json-invalid convert-invalid annotate-invalid
  fen-invalid board-invalid perft-invalid report-invalid missing-input)

t_stderr_closed() {
  stderr_command "$1"
  if [[ $1 == validate-valid ]]; then
    run --stderr-closed --stdout "$SCR/valid.json" -- "${ARGS[@]}"
    grep -q '^{"type":"summary","files":1,"games":232,' "$SCR/valid.json" || problem "no summary record of 232 games"
  else
    run --stderr-closed -- "${ARGS[@]}"
  fi
  want_rc "$EXPECT"
}

# With standard error closed, the next file opened may get descriptor 2: the
# diagnostics must not end up in the output file.
t_stderr_closed_output() {
  local what=$1
  newdir
  watch_dir "$D"
  allow_new "$D" out.txt
  if [[ $what == convert ]]; then
    reference convert-uci-mixed 1 convert --to uci "$MIXED"
    run --cd "$D" --stderr-closed -- convert --to uci -o out.txt "$MIXED"
  else
    reference annotate-mixed 1 annotate "$MIXED"
    run --cd "$D" --stderr-closed -- annotate -o out.txt "$MIXED"
  fi
  want_rc 1
  want_same "$D/out.txt" "$REF_FILE" "the output"
}

t_stderr_closed_stdout_full() {
  stdout_command "$1"
  run --stderr-closed --stdout full -- "${ARGS[@]}"
  want_rc 2
}

# =====================================================================================
# 4. An output that is an input: refused before anything is read.
# =====================================================================================
# Sets up D/x.pgn (a copy of the mixed archive, so a broken run would have rejects).
same_setup() {
  newdir
  cp -- "$MIXED" "$D/x.pgn"
  chmod 644 "$D/x.pgn"
}

t_same_path() {
  same_setup
  watch "$D/x.pgn"
  watch_dir "$D"
  run --cd "$D" -- convert --to pgn -o x.pgn x.pgn
  want_rc 2
  want_err 'same file' "'same file'"
  want_err 'x\.pgn' "the file name x.pgn"
}

t_same_symlink() {
  same_setup
  ln -s x.pgn "$D/link.pgn"
  watch "$D/x.pgn" "$D/link.pgn"
  watch_dir "$D"
  run --cd "$D" -- convert --to pgn -o link.pgn x.pgn
  want_rc 2
  want_err 'same file' "'same file'"
  want_err 'link\.pgn' "the output's name link.pgn"
  want_err 'x\.pgn' "the input's name x.pgn"
}

t_same_hardlink() {
  same_setup
  ln -- "$D/x.pgn" "$D/hard.pgn"
  watch "$D/x.pgn" "$D/hard.pgn"
  watch_dir "$D"
  run --cd "$D" -- convert --to pgn -o hard.pgn x.pgn
  want_rc 2
  want_err 'same file' "'same file'"
  want_err 'hard\.pgn' "the output's name hard.pgn"
  want_err 'x\.pgn' "the input's name x.pgn"
}

t_same_rejects() {
  same_setup
  watch "$D/x.pgn"
  watch_dir "$D"
  run --cd "$D" -- convert --to pgn --rejects x.pgn x.pgn
  want_rc 2
  want_err 'same file' "'same file'"
  want_err 'x\.pgn' "the file name x.pgn"
}

# An output named as the input it reads, by its name or through a symbolic link:
# annotate -o, or board --svg onto the game file it draws.
t_same_output() {
  local cmd=$1 how=$2
  same_setup
  local out=x.pgn link=link.pgn
  [[ $cmd == board ]] && link=link.svg
  if [[ $how == symlink ]]; then
    ln -s x.pgn "$D/$link"
    out=$link
    watch "$D/$link"
  fi
  watch "$D/x.pgn"
  watch_dir "$D"
  case $cmd in
    annotate) run --cd "$D" -- annotate -o "$out" x.pgn ;;
    board) run --cd "$D" -- board x.pgn --svg "$out" ;;
  esac
  want_rc 2
  want_err 'same file' "'same file'"
  want_err "${out//./\\.}" "the output's name $out"
}

# -o and --rejects naming one file: exists before, does not, or through a symlink.
t_same_two_outputs() {
  local how=$1
  newdir
  local rej=out.txt
  case $how in
    existing) echo "precious" >"$D/out.txt" ;;
    new) ;;
    symlink)
      echo "precious" >"$D/out.txt"
      ln -s out.txt "$D/link.txt"
      rej=link.txt
      ;;
  esac
  watch "$D/out.txt"
  [[ $how == symlink ]] && watch "$D/link.txt"
  watch_dir "$D"
  run --cd "$D" -- convert --to pgn -o out.txt --rejects "$rej" "$MIXED"
  want_rc 2
  want_err 'same file' "'same file'"
  want_err 'out\.txt' "the file name out.txt"
  [[ $how == symlink ]] && want_err 'link\.txt' "the file name link.txt"
}

# The refusal comes before any input is read: a FIFO that nobody writes is named as the
# first input; reading it would block until the time limit.
t_same_before_read() {
  same_setup
  mkfifo "$D/never.fifo"
  watch "$D/x.pgn" "$D/never.fifo"
  watch_dir "$D"
  run --cd "$D" --timeout 5 -- convert --to pgn -o x.pgn never.fifo x.pgn
  want_rc 2
  want_err 'same file' "'same file'"
}

# Standard output redirected onto an input (>>, which does not truncate it).
t_same_stdout() {
  local cmd=${1:-convert}
  same_setup
  watch "$D/x.pgn"
  watch_dir "$D"
  case $cmd in
    convert) run --cd "$D" --stdout-append "$D/x.pgn" -- convert --to pgn x.pgn ;;
    report) run --cd "$D" --stdout-append "$D/x.pgn" -- report x.pgn ;;
    board) run --cd "$D" --stdout-append "$D/x.pgn" -- board x.pgn ;;
  esac
  want_rc 2
  want_err 'same file' "'same file'"
}

# fen reading standard input from a file that standard output is appended to: each line
# it writes would come back as input, and the file would grow until the disk is full.
t_same_fen_stdin() {
  newdir
  printf 'startpos\n' >"$D/f.txt"
  watch "$D/f.txt"
  watch_dir "$D"
  run --cd "$D" --timeout 5 --stdin "$D/f.txt" --stdout-append "$D/f.txt" -- fen
  want_rc 2
  want_err 'same file' "'same file'"
}

# =====================================================================================
# 5. An input that cannot be opened: the output keeps its content.
# =====================================================================================
t_missing_input() {
  local what=$1
  newdir
  echo "precious" >"$D/p.txt"
  watch "$D/p.txt"
  watch_dir "$D"
  case $what in
    convert) run --cd "$D" -- convert --to uci -o p.txt nosuch.pgn ;;
    annotate) run --cd "$D" -- annotate -o p.txt nosuch.pgn ;;
    after-good) run --cd "$D" -- convert --to uci -o p.txt "$TWIC" nosuch.pgn ;;
    rejects) run --cd "$D" -- convert --to uci --rejects p.txt "$MIXED" nosuch.pgn ;;
  esac
  want_rc 2
  want_err 'nosuch\.pgn' "the name nosuch.pgn"
}

# =====================================================================================
# 6. The output's directory is not writable (as nobody when run as root).
# =====================================================================================
t_readonly_dir() {
  local what=$1
  can_be_unprivileged || return 0
  newdir
  echo "precious" >"$D/out.pgn"
  chmod 644 "$D/out.pgn"
  [[ $what == writable-file ]] && chmod 666 "$D/out.pgn"
  ((EUID == 0)) || chmod 555 "$D"
  watch "$D/out.pgn" "$D/new.pgn" "$D/out.svg"
  watch_dir "$D"
  case $what in
    convert-existing | writable-file) run --nobody --cd "$D" -- convert --to pgn -o out.pgn "$TWIC" ;;
    convert-new) run --nobody --cd "$D" -- convert --to pgn -o new.pgn "$TWIC" ;;
    annotate) run --nobody --cd "$D" -- annotate -o out.pgn "$TWIC" ;;
    rejects) run --nobody --cd "$D" -- convert --to uci --rejects new.pgn "$MIXED" ;;
    board-svg) run --nobody --cd "$D" -- board startpos --svg out.svg ;;
  esac
  want_rc 2
  # A file there that is not the user's to write is refused before the directory is tried.
  want_err 'cannot create|Permission denied|not writable by you' "'cannot create', 'Permission denied' or 'not writable by you'"
  ((EUID == 0)) || chmod 755 "$D"
}

# =====================================================================================
# 7. A file-size limit reached in the middle of a write (SIGXFSZ is ignored).
# =====================================================================================
t_fsize() {
  local what=$1
  newdir
  case $what in
    convert-o | annotate-o)
      echo "precious" >"$D/out.pgn"
      watch "$D/out.pgn"
      ;;
    in-place)
      cp -- "$TWIC" "$D/f.pgn"
      watch "$D/f.pgn"
      ;;
    board-svg) echo "precious" >"$D/out.svg" && watch "$D/out.svg" ;;
    board-svg-new) watch "$D/out.svg" ;;
  esac
  watch_dir "$D"
  case $what in
    convert-o) run --cd "$D" --stdout null --fsize 50 -- convert --to pgn -o out.pgn "$TWIC" ;;
    annotate-o) run --cd "$D" --stdout null --fsize 50 -- annotate -o out.pgn "$TWIC" ;;
    in-place) run --cd "$D" --stdout null --fsize 50 -- annotate --in-place f.pgn ;;
    board-svg | board-svg-new) run --cd "$D" --stdout null --fsize 0 -- board startpos --svg out.svg ;;
    filter-split) run --cd "$D" --stdout null --fsize 1 -- filter --split 100 -o part.pgn "$TWIC" ;;
  esac
  want_rc 2
  want_err 'File too large' "'File too large'"
  if [[ $what == filter-split ]] && (($(grep -c 'cannot write' "$ERR") != 1)); then
    problem "the failed part is named $(grep -c 'cannot write' "$ERR") times on stderr, expected once"
  fi
}

# =====================================================================================
# 8. SIGINT and SIGTERM (and SIGQUIT once) in the middle of a write.
# =====================================================================================
HALF=100000 # bytes of the 202457-byte archive written to the FIFO before the signal

# The input is a FIFO: the suite writes part of the archive into it and keeps it open,
# so the binary blocks reading the rest when the signal comes.
t_signal_fifo() {
  local what=$1 sig=$2
  newdir
  mkfifo "$D/in.fifo"
  local target=out.pgn
  [[ $what == rejects ]] && target=rej.pgn
  echo "precious" >"$D/$target"
  watch "$D/$target" "$D/in.fifo"
  watch_dir "$D"
  exec 7<>"$D/in.fifo" # read-write: never blocks, and holds the FIFO open
  case $what in
    convert-o) start_bg "$D" convert --to pgn -o out.pgn in.fifo ;;
    rejects) start_bg "$D" convert --to uci --rejects rej.pgn in.fifo ;;
    annotate-o) start_bg "$D" annotate -o out.pgn in.fifo ;;
    # 14 players have White in the part fed: more parts open at once than the 8 the
    # signal handler once knew of.
    split-by) start_bg "$D" filter --split-by White -o out.pgn in.fifo ;;
  esac
  {
    if [[ $what == rejects ]]; then cat -- "$BAD"; fi
    head -c "$HALF" -- "$TWIC"
  } >"$CAP/feed"
  # The writer blocks once the pipe is full, until the binary reads: wait for it while
  # the binary runs (5 s at most), so that a binary that is gone costs no time.
  cat -- "$CAP/feed" >&7 &
  local writer=$! i=0
  BG_PIDS+=("$writer")
  while running "$writer" && running "$PID" && ((i < 100)); do
    sleep 0.05
    i=$((i + 1))
  done
  if running "$writer"; then
    kill -KILL "$writer" 2>/dev/null
    running "$PID" && problem "the binary did not read its input within 5 s"
  fi
  wait "$writer" 2>/dev/null
  sleep 0.3
  if ! running "$PID"; then
    wait_bounded "$PID" 1
    problem "the binary was gone before the signal ($(describe_rc "$RC"))"
    exec 7>&-
    return 0
  fi
  kill "-$sig" "$PID"
  wait_bounded "$PID" 10
  exec 7>&-
  ((TIMED_OUT)) && problem "still running 10 s after SIG$sig"
  want_rc $((128 + $(kill -l "$sig")))
}

# --in-place needs a regular file: a large one, and the signal after 0.1 s. When the
# binary finished first, the file must be the annotated archive; else unchanged.
BIG=$SCR/big.pgn
t_signal_in_place() {
  local sig=$1 i
  if [[ ! -f $BIG ]]; then
    for ((i = 0; i < 300; i++)); do cat -- "$TWIC"; done >"$BIG"
  fi
  newdir
  cp -- "$BIG" "$D/f.pgn"
  local before
  before=$(fingerprint "$D/f.pgn")
  watch_dir "$D"
  start_bg "$D" annotate --in-place f.pgn
  sleep 0.1
  kill "-$sig" "$PID" 2>/dev/null
  wait_bounded "$PID" 10
  ((TIMED_OUT)) && problem "still running 10 s after SIG$sig"
  local now
  now=$(fingerprint "$D/f.pgn")
  if [[ $RC == 0 ]]; then
    reference annotate-big 0 annotate "$BIG"
    want_same "$D/f.pgn" "$REF_FILE" "finished before the signal, so annotated"
  else
    want_rc $((128 + $(kill -l "$sig")))
    # Unchanged, or (a signal just after the rename) the whole annotated file.
    if [[ $now != "$before" ]]; then
      reference annotate-big 0 annotate "$BIG"
      cmp -s -- "$D/f.pgn" "$REF_FILE" ||
        problem "f.pgn changed and is not the annotated archive ($(fingerprint_diff "$before" "$now"))"
    fi
  fi
  remove_after_case "$D"
}

# A signal while filter --split makes a new part every few milliseconds: the handler may
# run on a worker thread while the main thread goes on creating parts, and once left
# 1 to 9 of them behind. Five runs, each signalled once 20 parts are open or finished.
t_signal_split() {
  local sig=$1 r i
  if [[ ! -f $BIG ]]; then
    for ((i = 0; i < 300; i++)); do cat -- "$TWIC"; done >"$BIG"
  fi
  newdir
  for r in 1 2 3 4 5; do
    mkdir -- "$D/r$r"
    watch_dir "$D/r$r"
    start_bg "$D/r$r" filter --valid --jobs 2 -o out.pgn --split 20 "$BIG"
    i=0
    while running "$PID" && (($(ls -A -- "$D/r$r" | grep -c chesstool-) < 20)) && ((i < 2000)); do
      sleep 0.002
      i=$((i + 1))
    done
    kill "-$sig" "$PID" 2>/dev/null
    wait_bounded "$PID" 10
    ((TIMED_OUT)) && problem "run $r: still running 10 s after SIG$sig"
    [[ $RC == 0 ]] && problem "run $r finished before the signal: make the input larger"
    want_rc $((128 + $(kill -l "$sig")))
  done
  remove_after_case "$D"
}

# A signal while a run of many files renames them over their targets (the last step of
# --in-place): all of them replaced or none, never some (the renames of 1,500 files take
# long enough for the signal to land among them).
t_signal_commit() {
  local sig=$1 i n=1500 changed
  newdir
  mkdir -- "$D/ip"
  for ((i = 1; i <= n; i++)); do
    printf '[Event "e%d"]\n[Result "*"]\n\n1. e4 e5 *\n' "$i" >"$D/ip/g$i.pgn"
  done
  watch_dir "$D/ip"
  start_bg "$D" annotate --in-place -q ip/
  i=0
  while running "$PID" && ! grep -q White "$D/ip/g1.pgn" && ((i < 2000)); do
    sleep 0.005
    i=$((i + 1))
  done
  kill "-$sig" "$PID" 2>/dev/null
  wait_bounded "$PID" 10
  ((TIMED_OUT)) && problem "still running 10 s after SIG$sig"
  changed=$(grep -l White "$D"/ip/*.pgn | wc -l)
  ((changed == 0 || changed == n)) || problem "$changed of $n files replaced: a run is all or nothing"
  # A run that ended by itself before the signal (exit 0) replaced them all.
  [[ $RC == 0 ]] && ((changed != n)) && problem "exit 0, but $changed of $n files replaced"
  if [[ $RC != 0 ]]; then
    want_rc $((128 + $(kill -l "$sig")))
    ((changed == 0)) || want_err "every output is written" "the note that the run was completed first"
  fi
  remove_after_case "$D"
}

# =====================================================================================
# 9. An existing output that is not a regular file is written directly, never replaced.
# =====================================================================================
t_chardev() {
  local what=$1
  newdir
  # /dev/null's device, and /dev/full's for the "-full" cases: a write to it fails, which
  # shows that the output went to the device itself (nothing written to /dev/null shows).
  local minor=3 want=0
  [[ $what == *-full ]] && minor=7 want=2
  if ! mknod "$D/nulldev" c 1 $minor 2>/dev/null; then
    skip "mknod is not permitted here"
    return 0
  fi
  chmod 666 "$D/nulldev"
  watch "$D/nulldev"
  watch_dir "$D"
  case ${what%-full} in
    convert-o) run --cd "$D" -- convert --to uci -o ./nulldev "$TWIC" ;;
    rejects) run --cd "$D" -- convert --to uci --rejects ./nulldev "$MIXED" ;;
    board-svg) run --cd "$D" -- board startpos --svg ./nulldev ;;
  esac
  if [[ $what == rejects ]]; then want_rc 1; else want_rc $want; fi
  [[ -c $D/nulldev ]] || problem "nulldev is no longer a character device"
}

t_fifo_output() {
  newdir
  mkfifo "$D/f"
  watch "$D/f"
  watch_dir "$D"
  reference convert-uci 0 convert --to uci "$TWIC"
  : >"$CAP/got"
  cat -- "$D/f" >"$CAP/got" &
  local reader=$!
  BG_PIDS+=("$reader")
  run --cd "$D" -- convert --to uci -o f "$TWIC"
  want_rc 0
  local rc=$RC
  wait_bounded "$reader" 3
  ((TIMED_OUT)) && problem "the reader of the FIFO got no end of file"
  RC=$rc
  [[ -p $D/f ]] || problem "f is no longer a FIFO ($(fingerprint "$D/f"))"
  want_same "$CAP/got" "$REF_FILE" "what the FIFO's reader got"
}

# =====================================================================================
# 10. --in-place: mode, owner and group kept; read-only files, other users' files and
# hard links refused.
# =====================================================================================
inplace_setup() {
  newdir
  cp -- "$TWIC" "$D/f.pgn"
  chmod 644 "$D/f.pgn"
}

t_inplace_control() {
  inplace_setup
  watch_dir "$D"
  reference annotate-twic 0 annotate "$TWIC"
  run --cd "$D" -- annotate --in-place f.pgn
  want_rc 0
  want_same "$D/f.pgn" "$REF_FILE" "the annotated file"
  want_stat "$D/f.pgn" '%a' 644
}

# As root, on nobody's file: the new file gets the owner, group and mode of the old one.
# nobody:nogroup 0640 is not writable for root (not the owner, not in the group, no
# 'other' bits), so it takes --force; nobody:root 0660 is, through the group.
t_inplace_owner() {
  local how=$1
  need_root "chown" || return 0
  if ! id -u nobody >/dev/null 2>&1 || ! getent group nogroup >/dev/null 2>&1; then
    skip "no user nobody or group nogroup"
    return 0
  fi
  inplace_setup
  local -a extra=()
  if [[ $how == force ]]; then
    chown nobody:nogroup "$D/f.pgn"
    chmod 640 "$D/f.pgn"
    extra=(--force)
  else
    chown nobody:root "$D/f.pgn"
    chmod 660 "$D/f.pgn"
  fi
  local before
  before=$(stat -c '%U:%G %a' -- "$D/f.pgn")
  watch_dir "$D"
  reference annotate-twic 0 annotate "$TWIC"
  run --cd "$D" -- annotate --in-place f.pgn "${extra[@]}"
  want_rc 0
  want_same "$D/f.pgn" "$REF_FILE" "the annotated file"
  want_stat "$D/f.pgn" '%U:%G %a' "$before"
}

t_inplace_readonly() {
  local force=$1
  inplace_setup
  chmod 444 "$D/f.pgn"
  watch_dir "$D"
  if [[ $force == force ]]; then
    reference annotate-twic 0 annotate "$TWIC"
    run --cd "$D" -- annotate --in-place f.pgn --force
    want_rc 0
    want_same "$D/f.pgn" "$REF_FILE" "the annotated file"
    want_stat "$D/f.pgn" '%a' 444
  else
    watch "$D/f.pgn"
    run --cd "$D" -- annotate --in-place f.pgn
    want_rc 2
    want_err 'not writable' "'not writable'"
    want_err '--force' "a mention of --force"
  fi
}

# Root editing nobody's 0644 or 0640 file: root is not the owner nor in nogroup, so the
# 'other' bits (r-- or ---) apply: not writable for it without --force.
t_inplace_other_user() {
  need_root "chown" || return 0
  inplace_setup
  chown nobody:nogroup "$D/f.pgn"
  chmod "$1" "$D/f.pgn"
  watch "$D/f.pgn"
  watch_dir "$D"
  run --cd "$D" -- annotate --in-place f.pgn
  want_rc 2
  want_err 'not writable' "'not writable'"
}

t_inplace_hardlink() {
  inplace_setup
  ln -- "$D/f.pgn" "$D/g.pgn"
  watch "$D/f.pgn" "$D/g.pgn"
  watch_dir "$D"
  run --cd "$D" -- annotate --in-place f.pgn
  want_rc 2
  want_err 'hard link' "'hard link'"
  [[ $D/f.pgn -ef $D/g.pgn ]] || problem "f.pgn and g.pgn are no longer one inode"
}

# As nobody, in a directory nobody may write, a file of root's that nobody cannot write.
t_inplace_unprivileged() {
  need_root "a file of another user" || return 0
  can_be_unprivileged || return 0
  inplace_setup
  chown nobody:nogroup "$D"
  watch "$D/f.pgn"
  watch_dir "$D"
  run --nobody --cd "$D" -- annotate --in-place f.pgn
  want_rc 2
  want_err 'not writable|Permission denied' "'not writable' or 'Permission denied'"
}

# A symbolic link is followed: the file it names is replaced, the link stays.
t_inplace_symlink() {
  inplace_setup
  ln -s f.pgn "$D/link.pgn"
  watch_dir "$D"
  reference annotate-twic 0 annotate "$TWIC"
  run --cd "$D" -- annotate --in-place link.pgn
  want_rc 0
  [[ -L $D/link.pgn && $(readlink -- "$D/link.pgn") == f.pgn ]] ||
    problem "link.pgn is no longer a symbolic link to f.pgn ($(fingerprint "$D/link.pgn"))"
  want_same "$D/f.pgn" "$REF_FILE" "the file the link names"
}

# =====================================================================================
# 11. Controls: the normal runs work (a broken binary fails here too).
# =====================================================================================
t_control_convert_o() {
  local existing=$1
  newdir
  [[ $existing == existing ]] && echo "precious" >"$D/out.pgn"
  watch_dir "$D"
  allow_new "$D" out.pgn
  reference convert-pgn 0 convert --to pgn "$TWIC"
  run --cd "$D" -- convert --to pgn -o out.pgn "$TWIC"
  want_rc 0
  want_same "$D/out.pgn" "$REF_FILE" "the output"
}

t_control_rejects() {
  newdir
  echo "precious" >"$D/out.txt"
  echo "precious" >"$D/rej.pgn"
  watch_dir "$D"
  reference convert-uci 0 convert --to uci "$TWIC"
  run --cd "$D" -- convert --to uci -o out.txt --rejects rej.pgn "$MIXED"
  want_rc 1
  want_same "$D/out.txt" "$REF_FILE" "the output"
  want_same "$D/rej.pgn" "$BAD" "the rejects"
}

t_control_annotate_o() {
  newdir
  watch_dir "$D"
  allow_new "$D" out.pgn
  reference annotate-twic 0 annotate "$TWIC"
  run --cd "$D" -- annotate -o out.pgn "$TWIC"
  want_rc 0
  want_same "$D/out.pgn" "$REF_FILE" "the output"
}

t_control_board_svg() {
  newdir
  watch_dir "$D"
  allow_new "$D" out.svg
  run --cd "$D" -- board startpos --svg out.svg
  want_rc 0
  if [[ ! -f $D/out.svg ]]; then
    problem "out.svg was not written"
  elif ! head -c 5 -- "$D/out.svg" | grep -Eq '^(<svg|<\?xml)'; then
    problem "out.svg does not start with <svg or <?xml: $(head -c 40 -- "$D/out.svg" | tr '\n' ' ')"
  fi
}

# =====================================================================================
# 12. I/O errors: JSON records, --quiet, a truncated gzip file.
# =====================================================================================
t_json_io_error() {
  local others=$1
  if ! command -v jq >/dev/null; then
    skip "jq is not installed"
    return 0
  fi
  newdir
  watch_dir "$D"
  if [[ $others == others ]]; then
    run --cd "$D" -- validate --json "$TWIC" nosuch.pgn
  else
    run --cd "$D" -- validate --json nosuch.pgn
  fi
  want_rc 2
  want_err 'nosuch\.pgn' "the name nosuch.pgn"
  if ! jq -e . "$OUT" >/dev/null 2>&1; then
    problem "standard output is not JSON records: $(head -c 100 "$OUT" | tr '\n' ' ')"
    return 0
  fi
  jq -s -e 'any(.[]; .type == "io_error" and .file == "nosuch.pgn" and (.message | type) == "string")' \
    "$OUT" >/dev/null ||
    problem "no record {\"type\":\"io_error\",\"file\":\"nosuch.pgn\",\"message\":...} on stdout"
  if [[ $others == others ]]; then
    local games
    games=$(jq -s '[.[] | select(.type == "game")] | length' "$OUT")
    [[ $games == 232 ]] || problem "$games game records, expected 232 (the other file is still checked)"
    jq -s -e 'any(.[]; .type == "summary" and .io_errors == 1)' "$OUT" >/dev/null ||
      problem "no summary record with \"io_errors\": 1"
  fi
}

t_quiet_io_error() {
  newdir
  watch_dir "$D"
  run --cd "$D" -- validate --quiet nosuch.pgn
  want_rc 2
  want_err 'nosuch\.pgn' "a line naming nosuch.pgn"
}

GZ=$SCR/gz
t_truncated_gzip() {
  local what=$1
  if [[ ! -f $GZ/trunc.pgn.gz ]]; then
    mkdir -m 755 "$GZ"
    gzip -c -- "$TWIC" | head -c 3000 >"$GZ/trunc.pgn.gz"
  fi
  newdir
  cp -- "$GZ/trunc.pgn.gz" "$D/trunc.pgn.gz"
  watch "$D/trunc.pgn.gz"
  if [[ $what == convert-o ]]; then
    echo "precious" >"$D/out.txt"
    watch "$D/out.txt"
  fi
  watch_dir "$D"
  case $what in
    validate) run --cd "$D" -- validate trunc.pgn.gz ;;
    convert-o) run --cd "$D" -- convert --to uci -o out.txt trunc.pgn.gz ;;
  esac
  want_rc 2
  want_err 'trunc\.pgn\.gz' "the name trunc.pgn.gz"
  want_no_err '<fd:' "'<fd:' instead of the file name"
}

# =====================================================================================
# 13. A perft hash larger than the memory limit.
# =====================================================================================
t_perft_hash() {
  run --vmem 4000000 --stdout null -- perft startpos 5 --hash 65536
  want_rc 2
  want_err '65536 MB' "'65536 MB'"
  want_no_err 'bad_alloc' "'bad_alloc'"
}

# =====================================================================================
echo "faults: $BIN (as $(id -un))"
for c in "${STDOUT_COMMANDS[@]}"; do runcase "stdout-full-$c" t_stdout_full "$c"; done
for c in "${STDOUT_COMMANDS[@]}"; do runcase "stdout-closed-$c" t_stdout_closed "$c"; done
runcase stdout-file-size-limit t_stdout_fsize

for c in "${STDERR_COMMANDS[@]}"; do runcase "stderr-closed-$c" t_stderr_closed "$c"; done
runcase stderr-closed-convert-o-no-diagnostics-in-output t_stderr_closed_output convert
runcase stderr-closed-annotate-o-no-diagnostics-in-output t_stderr_closed_output annotate
for c in validate-json convert-pgn annotate board fen perft report; do
  runcase "stderr-closed-stdout-full-$c" t_stderr_closed_stdout_full "$c"
done

runcase same-file-path t_same_path
runcase same-file-symlink t_same_symlink
runcase same-file-hardlink t_same_hardlink
runcase same-file-rejects t_same_rejects
runcase same-file-annotate-o t_same_output annotate path
runcase same-file-annotate-o-symlink t_same_output annotate symlink
runcase same-file-o-and-rejects-existing t_same_two_outputs existing
runcase same-file-o-and-rejects-new t_same_two_outputs new
runcase same-file-o-and-rejects-symlink t_same_two_outputs symlink
runcase same-file-before-reading t_same_before_read
runcase same-file-stdout-onto-input t_same_stdout convert
runcase same-file-report-stdout-onto-input t_same_stdout report
runcase same-file-board-stdout-onto-input t_same_stdout board
runcase same-file-board-svg t_same_output board path
runcase same-file-fen-stdin t_same_fen_stdin
runcase same-file-board-svg-symlink t_same_output board symlink

runcase missing-input-convert-o t_missing_input convert
runcase missing-input-annotate-o t_missing_input annotate
runcase missing-input-after-good-input t_missing_input after-good
runcase missing-input-rejects t_missing_input rejects

runcase readonly-dir-convert-o-existing t_readonly_dir convert-existing
runcase readonly-dir-convert-o-new t_readonly_dir convert-new
runcase readonly-dir-writable-file t_readonly_dir writable-file
runcase readonly-dir-annotate-o t_readonly_dir annotate
runcase readonly-dir-rejects t_readonly_dir rejects
runcase readonly-dir-board-svg t_readonly_dir board-svg

runcase file-size-limit-convert-o t_fsize convert-o
runcase file-size-limit-annotate-o t_fsize annotate-o
runcase file-size-limit-annotate-in-place t_fsize in-place
runcase file-size-limit-board-svg t_fsize board-svg
runcase file-size-limit-board-svg-new t_fsize board-svg-new
runcase file-size-limit-filter-split t_fsize filter-split

if env --default-signal=INT,TERM true 2>/dev/null; then
  for s in INT TERM; do
    runcase "signal-$s-convert-o" t_signal_fifo convert-o "$s"
    runcase "signal-$s-convert-rejects" t_signal_fifo rejects "$s"
    runcase "signal-$s-annotate-o" t_signal_fifo annotate-o "$s"
    runcase "signal-$s-filter-split-by" t_signal_fifo split-by "$s"
    runcase "signal-$s-annotate-in-place" t_signal_in_place "$s"
    runcase "signal-$s-while-renaming" t_signal_commit "$s"
    runcase "signal-$s-filter-split" t_signal_split "$s"
  done
  # Ctrl-\ (SIGQUIT) cleans up as Ctrl-C does.
  runcase "signal-QUIT-convert-o" t_signal_fifo convert-o QUIT
else
  for s in INT TERM; do
    for c in convert-o convert-rejects annotate-o filter-split-by annotate-in-place while-renaming filter-split; do
      runcase "signal-$s-$c" skip "env --default-signal is missing (coreutils < 8.31)"
    done
  done
  runcase "signal-QUIT-convert-o" skip "env --default-signal is missing (coreutils < 8.31)"
fi

runcase chardev-convert-o t_chardev convert-o
runcase chardev-rejects t_chardev rejects
runcase chardev-board-svg t_chardev board-svg
runcase chardev-convert-o-full t_chardev convert-o-full
runcase chardev-board-svg-full t_chardev board-svg-full
runcase fifo-convert-o t_fifo_output

runcase in-place-control t_inplace_control
runcase in-place-keeps-owner-and-mode-force t_inplace_owner force
runcase in-place-keeps-owner-and-mode-group-writable t_inplace_owner group
runcase in-place-readonly-refused t_inplace_readonly plain
runcase in-place-readonly-force t_inplace_readonly force
runcase in-place-other-users-0644-file-refused t_inplace_other_user 644
runcase in-place-other-users-0640-file-refused t_inplace_other_user 640
runcase in-place-hard-link-refused t_inplace_hardlink
runcase in-place-unwritable-as-nobody t_inplace_unprivileged
runcase in-place-symlink-followed t_inplace_symlink

runcase control-convert-o-replaces t_control_convert_o existing
runcase control-convert-o-new t_control_convert_o new
runcase control-convert-rejects t_control_rejects
runcase control-annotate-o t_control_annotate_o
runcase control-board-svg t_control_board_svg

runcase json-io-error t_json_io_error alone
runcase json-io-error-others-checked t_json_io_error others
runcase quiet-io-error t_quiet_io_error
runcase truncated-gzip-validate t_truncated_gzip validate
runcase truncated-gzip-convert-o t_truncated_gzip convert-o

runcase perft-hash-too-large t_perft_hash

# =====================================================================================
# 12. A run's renames, all or nothing: one that fails at the end takes back those before
#     it; what can never be replaced is refused before anything is read; an --in-place
#     file written to during the run is not replaced.
# =====================================================================================
# Two outputs; the second's target becomes a directory while the binary waits for its
# input (a FIFO), so its rename fails after the first one's succeeded.
t_commit_taken_back() {
  newdir
  mkfifo "$D/in.fifo"
  echo "precious kept" >"$D/kept.pgn"
  echo "precious dups" >"$D/dups.pgn"
  watch "$D/kept.pgn" "$D/in.fifo"
  watch_dir "$D"
  exec 7<>"$D/in.fifo"
  start_bg "$D" dedupe -o kept.pgn --duplicates dups.pgn in.fifo
  sleep 0.3 # the outputs are opened before the input is read
  rm -- "$D/dups.pgn"
  mkdir -m 755 "$D/dups.pgn"
  cat -- "$TWIC" "$TWIC" >&7
  exec 7>&-
  wait_bounded "$PID" 10
  ((TIMED_OUT)) && problem "still running 10 s after its input ended"
  want_rc 2
  want_err 'cannot replace dups\.pgn: Is a directory' "'cannot replace dups.pgn: Is a directory'"
  want_err 'none of the 2 output files was written' "'none of the 2 output files was written'"
  [[ -d $D/dups.pgn ]] || problem "dups.pgn is no longer the directory put there"
}

# The output's directory renamed while the binary waits for its input: the file is not
# put where the path leads now, and its temporary file goes with the directory's.
t_commit_directory_moved() {
  newdir
  mkfifo "$D/in.fifo"
  mkdir -m 755 "$D/d"
  echo "precious" >"$D/d/out.pgn"
  watch "$D/in.fifo"
  exec 7<>"$D/in.fifo"
  start_bg "$D" filter -o d/out.pgn in.fifo
  sleep 0.3 # the output is opened before the input is read
  mv -- "$D/d" "$D/moved"
  cat -- "$TWIC" >&7
  exec 7>&-
  wait_bounded "$PID" 10
  ((TIMED_OUT)) && problem "still running 10 s after its input ended"
  want_rc 2
  want_err 'its directory d was moved or replaced during the run' "'its directory d was moved or replaced during the run'"
  [[ $(listing "$D/moved") == out.pgn ]] || problem "the moved directory holds: $(listing "$D/moved" | tr '\n' ' ')"
  [[ $(cat -- "$D/moved/out.pgn") == precious ]] || problem "moved/out.pgn changed"
}

# Refused before any input is read (a FIFO nobody writes comes first), and no temporary
# file is made: a name longer than a directory takes, an immutable target, an append-only
# directory (where a temporary file could never be removed).
t_unreplaceable() {
  local what=$1 target
  newdir
  mkfifo "$D/never.fifo"
  case $what in
    long-name) target=$(printf 'x%.0s' {1..252}).pgn ;;
    immutable | append-only-dir)
      need_root "chattr" || return 0
      target=out.pgn
      echo "precious" >"$D/$target"
      if [[ $what == immutable ]]; then
        chattr +i "$D/$target" 2>/dev/null || { skip "chattr +i is not supported here"; return 0; }
      else
        chattr +a "$D" 2>/dev/null || { skip "chattr +a is not supported here"; return 0; }
      fi
      ;;
  esac
  [[ $what == long-name ]] || watch "$D/$target"
  watch "$D/never.fifo"
  watch_dir "$D"
  run --cd "$D" --timeout 5 -- convert --to pgn -o "$target" never.fifo
  chattr -i "$D/$target" 2>/dev/null
  chattr -a "$D" 2>/dev/null
  want_rc 2
  case $what in
    long-name) want_err 'File name too long' "'File name too long'" ;;
    immutable) want_err 'cannot replace out\.pgn: it is immutable' "'cannot replace out.pgn: it is immutable'" ;;
    append-only-dir) want_err 'its directory \. is append-only' "'its directory . is append-only'" ;;
  esac
}

# Two new outputs, one file through a bind mount of its directory: their paths differ,
# their directory is one.
t_same_bind_mount() {
  need_root "mount --bind" || return 0
  newdir
  mkdir -m 755 "$D/d1" "$D/d2"
  mount --bind "$D/d1" "$D/d2" 2>/dev/null || { skip "mount --bind is not permitted here"; return 0; }
  watch_dir "$D/d1"
  run --cd "$D" --timeout 5 -- dedupe -o d1/x.pgn --duplicates d2/x.pgn "$TWIC"
  umount "$D/d2"
  want_rc 2
  want_err 'are the same file' "'are the same file'"
}

# A game appended to the file while the binary is in its final rename (held there by
# strace): the file keeps it, and is not replaced.
t_inplace_written_during_run() {
  if ! command -v strace >/dev/null || ! strace -qq -o /dev/null true 2>/dev/null; then
    skip "strace is missing or cannot trace here"
    return 0
  fi
  newdir
  cp -- "$TWIC" "$D/g.pgn"
  : >"$ERR"
  (cd -- "$D" && exec strace -qq -o /dev/null -e trace=renameat2 -e inject=renameat2:delay_enter=2000000:when=1 \
    "$BIN" annotate --in-place g.pgn) >"$OUT" 2>"$ERR" &
  PID=$!
  BG_PIDS+=("$PID")
  local i=0 child=""
  while ((i < 200)); do # at most 10 s for the annotation to end and the rename to start
    child=$(pgrep -P "$PID" -x chesstool | head -n1)
    [[ -n $child && $(cut -d' ' -f1 "/proc/$child/syscall" 2>/dev/null) == 316 ]] && break
    sleep 0.05
    i=$((i + 1))
  done
  ((i < 200)) || problem "the binary never reached its rename (renameat2)"
  printf '\n[Event "appended"]\n[Result "*"]\n\n1. d4 *\n' >>"$D/g.pgn"
  cat -- "$TWIC" >"$CAP/expected"
  printf '\n[Event "appended"]\n[Result "*"]\n\n1. d4 *\n' >>"$CAP/expected"
  wait_bounded "$PID" 15
  want_rc 2
  want_err 'g\.pgn was written to while it was being rewritten' "'g.pgn was written to while it was being rewritten'"
  want_same "$D/g.pgn" "$CAP/expected" "the file with the game appended"
  [[ -z $(find "$D" -name '.*chesstool-*') ]] || problem "temporary file left in $(short "$D")"
}

runcase rename-failure-takes-back-the-others t_commit_taken_back
runcase output-directory-moved-during-the-run t_commit_directory_moved
runcase same-file-new-outputs-through-a-bind-mount t_same_bind_mount
runcase unreplaceable-long-name t_unreplaceable long-name
runcase unreplaceable-immutable-target t_unreplaceable immutable
runcase unreplaceable-append-only-directory t_unreplaceable append-only-dir
runcase in-place-file-written-during-the-run t_inplace_written_during_run

total=$((N_OK + N_FAIL + N_SKIP))
echo "faults: $total cases: $N_OK ok, $N_FAIL failed, $N_SKIP skipped ($((SECONDS - started)) s)"
((N_FAIL == 0))
