#!/usr/bin/env bash
# A file chesstool replaces keeps its POSIX ACL and user attributes: annotate --in-place,
# and convert -o onto an existing file. (Without the ACL, the mode's group bits would give
# the owning group the ACL's mask: rw where it had r.) Skips (77) without python3, which
# sets the attributes, or where the file system has none.
#
# usage: attributes_kept.sh CHESSTOOL
set -uo pipefail
chesstool=$1
command -v python3 >/dev/null || { echo "SKIP: python3 needed to set an ACL"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/g.pgn" <<'PGN'
[Event "x"]
[Result "*"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *
PGN
cp "$tmp/g.pgn" "$tmp/out.pgn"
# u::rw u:1234:rw g::r m::rw o::r (the kernel's format), and a user attribute.
attrs() {
  python3 - "$@" <<'PY'
import os, struct, sys
acl = struct.pack('<I', 2) + b''.join(struct.pack('<HHI', t, p, i) for t, p, i in
      [(1, 6, 0xffffffff), (2, 6, 1234), (4, 4, 0xffffffff), (0x10, 6, 0xffffffff), (0x20, 4, 0xffffffff)])
cmd, path = sys.argv[1], sys.argv[2]
if cmd == 'set':
    try:
        os.setxattr(path, 'system.posix_acl_access', acl)
        os.setxattr(path, 'user.origin', b'twic')
    except OSError as e:
        print('SKIP: no ACLs or user attributes here:', e); sys.exit(77)
else:
    def get(n):
        try: return os.getxattr(path, n).hex()
        except OSError: return 'none'
    print(get('system.posix_acl_access') == acl.hex(), get('user.origin') == b'twic'.hex())
PY
}
attrs set "$tmp/g.pgn" || exit $?
attrs set "$tmp/out.pgn" || exit $?
fail=0
"$chesstool" annotate -q --in-place "$tmp/g.pgn" || { echo "FAIL: annotate --in-place exited $?"; fail=1; }
grep -q 'Termination' "$tmp/g.pgn" || { echo "FAIL: annotate --in-place did not rewrite the file"; fail=1; }
got=$(attrs get "$tmp/g.pgn")
[[ $got == "True True" ]] || { echo "FAIL: annotate --in-place: ACL kept, user attribute kept: $got"; fail=1; }
"$chesstool" convert -q --to pgn -o "$tmp/out.pgn" "$tmp/g.pgn" || { echo "FAIL: convert -o exited $?"; fail=1; }
got=$(attrs get "$tmp/out.pgn")
[[ $got == "True True" ]] || { echo "FAIL: convert -o onto a file: ACL kept, user attribute kept: $got"; fail=1; }
[[ $(stat -c %a "$tmp/g.pgn") == 664 ]] || { echo "FAIL: mode $(stat -c %a "$tmp/g.pgn"), not 664"; fail=1; }
((fail == 0)) && echo "ACL and user attributes kept"
exit $fail
