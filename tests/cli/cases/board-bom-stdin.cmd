printf '\xef\xbb\xbf8/8/8/8/8/8/8/k6K w - - 0 1\r\n' | $CHESSTOOL board - --ascii; echo "exit $?"; printf '\xef\xbb\xbf8/8/8/8/8/8/8/k6X w - - 0 1\n' | $CHESSTOOL board -
