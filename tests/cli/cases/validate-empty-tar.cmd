d=$(mktemp -d) && cd "$d" && tar cf empty.tar --files-from /dev/null && $CHESSTOOL validate -q empty.tar; echo "exit $?"; cd /; rm -rf "$d"
