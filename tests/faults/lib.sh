# shellcheck shell=bash disable=SC2034 # variables set here are read by run.sh
# Helpers of the fault-injection suite (sourced by tests/faults/run.sh).
#
# A case is a function run by `runcase NAME FUNCTION ARGS...`. Before it runs, the
# shared inputs are fingerprinted; the function prepares its own directory (newdir),
# fingerprints the files and directories that must not change (watch, watch_dir),
# runs the binary (run) and states what it expects (want_rc, want_err, ...). After it,
# every watched file must have the same type, inode, link count, mode, owner and
# content, and every watched directory the same listing (so no temporary file
# .NAME.chesstool-XXXXXX was left behind). A case may call skip WHY instead.

# --- per-case state ----------------------------------------------------------------
SKIP="" RC="" TIMED_OUT=0
PROBLEMS=() W_FILES=() W_PRINTS=() W_DIRS=() W_LISTS=() REMOVE_AFTER=()
N_OK=0 N_FAIL=0 N_SKIP=0 N_DIR=0

problem() { PROBLEMS+=("$*"); }
skip() { SKIP=$*; }

# The path relative to the scratch directory, for messages.
short() {
  local p=$1
  p=${p#"$SCR"/}
  printf '%s' "$p"
}

# A fresh directory for one case, mode 755 (reachable by nobody): sets D.
newdir() {
  N_DIR=$((N_DIR + 1))
  D=$SCR/case$N_DIR
  mkdir -m 755 -- "$D"
}

# Fingerprint of a path, fields separated by '|': symbolic link target, file type,
# inode, link count, mode, owner, device numbers of a device, and for a regular file
# the modification time and the content's sha256 ("absent" when nothing is there).
fingerprint() {
  local p=$1 out=""
  if [[ -L $p ]]; then
    out="symlink=$(readlink -- "$p")|"
  fi
  if [[ ! -e $p ]]; then
    printf '%sabsent' "$out"
    return
  fi
  out+=$(stat -L -c 'type=%F|inode=%i|links=%h|mode=%a|owner=%U:%G' -- "$p" | tr ' ' '_')
  if [[ -b $p || -c $p ]]; then
    out+="|device=$(stat -L -c '%t:%T' -- "$p")"
  fi
  if [[ -f $p ]]; then
    # (A FIFO's or a device's time changes when it is written, as it may be.)
    out+="|mtime=$(stat -L -c '%.9Y' -- "$p")|sha256=$(sha256sum <"$p" | cut -d' ' -f1)"
  fi
  printf '%s' "$out"
}

# Which fields of two fingerprints differ, as "field: old -> new".
fingerprint_diff() {
  local -a a b
  local i fa fb out=""
  IFS='|' read -r -a a <<<"$1"
  IFS='|' read -r -a b <<<"$2"
  if [[ ${a[0]} == absent || ${b[0]} == absent || ${#a[@]} != "${#b[@]}" ]]; then
    printf '%s -> %s' "$1" "$2"
    return
  fi
  for i in "${!a[@]}"; do
    fa=${a[i]} fb=${b[i]}
    [[ $fa == "$fb" ]] && continue
    if [[ $fa == sha256=* ]]; then # shortened for the message
      fa=${fa:0:23} fb=${fb:0:23}
    fi
    out+="${out:+, }${fa%%=*}: ${fa#*=} -> ${fb#*=}"
  done
  printf '%s' "$out"
}

# A large scratch file or directory to delete once the case is checked.
remove_after_case() { REMOVE_AFTER+=("$@"); }

# shellcheck disable=SC2012 # names only, and none has a newline
listing() { ls -A1 -- "$1" 2>/dev/null | LC_ALL=C sort; }

watch() {
  local p
  for p in "$@"; do
    W_FILES+=("$p")
    W_PRINTS+=("$(fingerprint "$p")")
  done
}

watch_dir() {
  local d
  for d in "$@"; do
    W_DIRS+=("$d")
    W_LISTS+=("$(listing "$d")")
  done
}

# A control expects its output to appear: add NAME to the watched listing of DIR.
allow_new() {
  local dir=$1 name=$2 i
  for i in "${!W_DIRS[@]}"; do
    if [[ ${W_DIRS[i]} == "$dir" ]]; then
      W_LISTS[i]=$(printf '%s\n%s\n' "${W_LISTS[i]}" "$name" | sed '/^$/d' | LC_ALL=C sort -u)
    fi
  done
}

check_watched() {
  local i now added removed
  for i in "${!W_FILES[@]}"; do
    now=$(fingerprint "${W_FILES[i]}")
    if [[ $now != "${W_PRINTS[i]}" ]]; then
      problem "$(short "${W_FILES[i]}") changed ($(fingerprint_diff "${W_PRINTS[i]}" "$now"))"
    fi
  done
  for i in "${!W_DIRS[@]}"; do
    now=$(listing "${W_DIRS[i]}")
    [[ $now == "${W_LISTS[i]}" ]] && continue
    added=$(LC_ALL=C comm -13 <(printf '%s\n' "${W_LISTS[i]}") <(printf '%s\n' "$now") | sed '/^$/d' | tr '\n' ' ')
    removed=$(LC_ALL=C comm -23 <(printf '%s\n' "${W_LISTS[i]}") <(printf '%s\n' "$now") | sed '/^$/d' | tr '\n' ' ')
    if [[ $added == *.chesstool-* ]]; then
      problem "temporary file left in $(short "${W_DIRS[i]}"): ${added% }"
    elif [[ -n $added ]]; then
      problem "created in $(short "${W_DIRS[i]}"): ${added% }"
    fi
    [[ -n $removed ]] && problem "removed from $(short "${W_DIRS[i]}"): ${removed% }"
  done
}

# --- running the binary --------------------------------------------------------------
# run [OPTIONS] [--] ARGS...: runs the binary with ARGS, standard output in $OUT and
# standard error in $ERR; sets RC (124: timed out). Standard error goes through a pipe
# to a process outside the limits, so a file-size limit applies to the binary's
# outputs only. OPTIONS:
#   --cd DIR             run in DIR (relative paths in messages, as a user types them)
#   --stdout full|closed|null|FILE   standard output on /dev/full, closed, /dev/null
#                        or FILE (truncated); --stdout-append FILE opens FILE to append
#   --stderr-closed      standard error closed
#   --nobody             as the user nobody (when the suite runs as root)
#   --fsize KB           ulimit -f (1024-byte blocks)
#   --vmem KB            ulimit -v
#   --timeout S          seconds before the run is killed (default 10)
#   --stdin FILE         standard input read from FILE
run() {
  # Without pipefail here, bash does not report a run killed by a signal on its stderr.
  local -
  set +o pipefail
  local so=$OUT append=0 se=open nob=0 fsize="" vmem="" tmo=10 dir="" si=""
  while (($#)); do
    case $1 in
      --cd) dir=$2; shift 2 ;;
      --stdout) so=$2; shift 2 ;;
      --stdout-append) so=$2 append=1; shift 2 ;;
      --stderr-closed) se=closed; shift ;;
      --nobody) nob=1; shift ;;
      --fsize) fsize=$2; shift 2 ;;
      --vmem) vmem=$2; shift 2 ;;
      --timeout) tmo=$2; shift 2 ;;
      --stdin) si=$2; shift 2 ;;
      --) shift; break ;;
      *) break ;;
    esac
  done
  local -a pre=()
  local bin=$BIN
  if ((nob)); then
    pre=("${AS_NOBODY[@]}")
    bin=$NOBODY_BIN
  fi
  : >"$ERR"
  (
    if [[ -n $dir ]]; then cd -- "$dir" || exit 125; fi
    if [[ -n $fsize ]]; then ulimit -f "$fsize" || exit 125; fi
    if [[ -n $vmem ]]; then ulimit -v "$vmem" || exit 125; fi
    case $so in
      full) exec >/dev/full ;;
      closed) exec >&- ;;
      null) exec >/dev/null ;;
      *) if ((append)); then exec >>"$so"; else exec >"$so"; fi ;;
    esac
    if [[ $se == closed ]]; then exec 2>&-; fi
    if [[ -n $si ]]; then exec <"$si"; fi
    exec "${pre[@]}" timeout -k 2 "$tmo" "$bin" "$@"
  ) 2>&1 | cat >"$ERR"
  RC=${PIPESTATUS[0]}
}

# Starts the binary in the background with SIGINT and SIGTERM at their default action
# (a non-interactive shell would start it with SIGINT ignored): sets PID. Standard
# output goes to $OUT, standard error to $ERR; fd 7 (the suite's end of a FIFO) is
# not inherited.
start_bg() {
  local dir=$1
  shift
  : >"$ERR"
  # The interrupts back to their defaults (a background job starts with INT and QUIT
  # ignored); no core file from SIGQUIT among the files a case watches.
  (cd -- "$dir" && ulimit -c 0 && exec env --default-signal=INT,TERM,QUIT "$BIN" "$@") >"$OUT" 2>"$ERR" 7>&- &
  PID=$!
  BG_PIDS+=("$PID")
}

# Whether process PID is still running (a zombie is not).
running() {
  local state
  state=$(sed 's/^.*) //; s/ .*$//' "/proc/$1/stat" 2>/dev/null) || return 1
  [[ -n $state && $state != Z && $state != X ]]
}

# Waits at most SECONDS for PID, killing it after that: sets RC (exit status as the
# shell reports it, 128+N for signal N) and TIMED_OUT.
wait_bounded() {
  local pid=$1 limit=$(($2 * 20)) i=0
  TIMED_OUT=0
  while running "$pid" && ((i < limit)); do
    sleep 0.05
    i=$((i + 1))
  done
  if running "$pid"; then
    TIMED_OUT=1
    kill -KILL "$pid" 2>/dev/null
  fi
  wait "$pid" 2>/dev/null
  RC=$?
}

# --- expectations ------------------------------------------------------------------
describe_rc() {
  local rc=$1
  if ((rc == 124)); then
    printf 'timed out'
  elif ((rc == 125)); then
    printf 'could not set up the run'
  elif ((rc > 128)); then
    printf 'killed by SIG%s (status %s)' "$(kill -l "$((rc - 128))" 2>/dev/null || echo "$((rc - 128))")" "$rc"
  else
    printf 'exit %s' "$rc"
  fi
}

want_rc() {
  [[ $RC == "$1" ]] || problem "$(describe_rc "$RC"), expected $(describe_rc "$1")"
}

# want_err ERE [WHAT]: standard error has a line matching ERE (case-sensitive).
want_err() {
  grep -Eq -- "$1" "$ERR" || problem "stderr lacks ${2:-/$1/}"
}

# want_err_line TEXT: standard error has TEXT as a whole line.
want_err_line() {
  grep -Fxq -- "$1" "$ERR" || problem "stderr lacks the line '$1'"
}

want_no_err() {
  if grep -Eq -- "$1" "$ERR"; then
    problem "stderr has ${2:-/$1/}: $(grep -Em1 -- "$1" "$ERR" | cut -c1-120)"
  fi
}

# want_same FILE REFERENCE WHAT: FILE has the bytes of REFERENCE.
want_same() {
  if [[ ! -f $1 ]]; then
    problem "$3: $(short "$1") is not a regular file ($(fingerprint "$1"))"
  elif ! cmp -s -- "$1" "$2"; then
    problem "$3: $(short "$1") differs from $(short "$2") ($(stat -c %s -- "$1") vs $(stat -c %s -- "$2") bytes)"
  fi
}

want_stat() { # FILE FORMAT EXPECTED
  local got
  got=$(stat -c "$2" -- "$1" 2>/dev/null)
  [[ $got == "$3" ]] || problem "$(short "$1"): stat '$2' is '$got', expected '$3'"
}

# --- cases ---------------------------------------------------------------------------
runcase() {
  local name=$1
  shift
  if [[ -n $FILTER && ! $name =~ $FILTER ]]; then
    return 0
  fi
  SKIP="" RC=""
  PROBLEMS=() W_FILES=() W_PRINTS=() W_DIRS=() W_LISTS=() REMOVE_AFTER=()
  : >"$ERR"
  : >"$OUT"
  watch "${SHARED_INPUTS[@]}"
  watch_dir "$DATA"
  "$@"
  if [[ -n $SKIP ]]; then
    rm -rf -- "${REMOVE_AFTER[@]}"
    echo "skip $name: $SKIP"
    N_SKIP=$((N_SKIP + 1))
    return 0
  fi
  check_watched
  # An uncaught exception or a sanitizer report is a failure whatever the case wants.
  want_no_err 'terminate called|std::bad_alloc|AddressSanitizer|runtime error:' "a crash report"
  rm -rf -- "${REMOVE_AFTER[@]}"
  if ((${#PROBLEMS[@]} == 0)); then
    echo "ok  $name"
    N_OK=$((N_OK + 1))
  else
    local why first
    printf -v why '%s; ' "${PROBLEMS[@]}"
    why=${why%; }
    first=$(grep -m1 . "$ERR" 2>/dev/null | cut -c1-160)
    echo "FAIL $name: $why [stderr: ${first:-(empty)}]"
    N_FAIL=$((N_FAIL + 1))
  fi
}
