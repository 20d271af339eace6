#!/usr/bin/env bash
# board --svg, rendered: each SVG is turned into a PNG by rsvg-convert (Debian's
# librsvg2-bin), with a fontconfig that knows no fonts at all, so the pieces must be
# drawn without any, and the colours at the centres of squares and pieces are read
# back from the PNG (decoded here with zlib, no imaging library) and compared with the
# colours chesstool(1) documents: light squares #f0d9b5, dark #b58863, last move
# #cdd26a/#aaa23a, white pieces #ffffff, black #1e1e1e, highlights at opacity 0.6 and
# arrows at 0.8 over the square, G #15a040 R #d02828 Y #f0b400 B #1e64dc.
# Skips (77) without rsvg-convert or python3; fails when a rendering fails.
#
# usage: board_svg_pixels.sh CHESSTOOL
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
testdata=$here/../../testdata
command -v rsvg-convert >/dev/null || { echo "SKIP: rsvg-convert not installed (apt-get install librsvg2-bin)"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 needed to read the PNG pixels"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# No fonts: a fontconfig configuration without a single font directory.
mkdir -p "$tmp/fontcache"
printf '<?xml version="1.0"?>\n<fontconfig><cachedir>%s</cachedir></fontconfig>\n' "$tmp/fontcache" >"$tmp/fonts.conf"
export FONTCONFIG_FILE=$tmp/fonts.conf

# name, then the board arguments. Each is drawn to NAME.svg and rendered to NAME.png.
render() {
  local name=$1
  shift
  if ! "$bin" board "$@" --svg "$tmp/$name.svg" >/dev/null; then
    echo "FAIL: chesstool board $* --svg exited $?"
    exit 1
  fi
  if ! rsvg-convert -o "$tmp/$name.png" "$tmp/$name.svg" 2>"$tmp/$name.log"; then
    echo "FAIL: rsvg-convert could not render $name.svg:"
    cat "$tmp/$name.log"
    exit 1
  fi
}
render start startpos
render flip startpos --flip
render big startpos --size 800 --no-coordinates
render marks startpos --highlight Gd4 --highlight Re6 --highlight Bh3 --arrow Ya3a6
render lastmove "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" --lastmove e2e4 --flip
render mate "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" --lastmove d8h4
render game "$testdata/board/games.pgn" --ply 1

python3 - "$tmp" <<'EOF'
import struct, sys, zlib

tmp = sys.argv[1]
failures = 0
checks = 0

def read_png(path):
    """RGB(A) rows of an 8-bit, non-interlaced PNG (what rsvg-convert writes)."""
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise SystemExit(f'FAIL: {path} is not a PNG')
    pos, idat, header = 8, b'', None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        elif kind == b'IEND':
            break
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise SystemExit(f'FAIL: {path}: unexpected PNG format (depth {depth}, colour type {colour}, interlace {interlace})')
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):  # PNG spec 9: the five filter types
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows

def rgb(text):
    return tuple(int(text[k:k + 2], 16) for k in (1, 3, 5))

def over(top, alpha, under):
    return tuple(round(alpha * t + (1 - alpha) * u) for t, u in zip(top, under))

LIGHT, DARK = rgb('#f0d9b5'), rgb('#b58863')
LAST_LIGHT, LAST_DARK = rgb('#cdd26a'), rgb('#aaa23a')
MARK = {'G': rgb('#15a040'), 'R': rgb('#d02828'), 'Y': rgb('#f0b400'), 'B': rgb('#1e64dc')}
START = {0: 'RNBQKBNR', 1: 'P' * 8, 6: 'p' * 8, 7: 'rnbqkbnr'}

class Picture:
    def __init__(self, name, margin=20, square=45, flip=False):
        self.name, self.margin, self.square, self.flip = name, margin, square, flip
        self.width, self.height, self.channels, self.rows = read_png(f'{tmp}/{name}.png')

    def pixel(self, file, rank, dx=None, dy=None):
        """The pixel at the centre of a square (or dx, dy from its top-left corner)."""
        col, row = (7 - file, rank) if self.flip else (file, 7 - rank)
        x = self.margin + col * self.square + (self.square // 2 if dx is None else dx)
        y = self.margin + row * self.square + (self.square // 2 if dy is None else dy)
        line = self.rows[y]
        return tuple(line[x * self.channels:x * self.channels + 3])

def square_name(file, rank):
    return 'abcdefgh'[file] + str(rank + 1)

def expect(picture, what, got, ok):
    global failures, checks
    checks += 1
    if not ok:
        failures += 1
        print(f'FAIL: {picture.name}: {what}: got #{got[0]:02x}{got[1]:02x}{got[2]:02x}')

def expect_colour(picture, what, got, want, tolerance=3):
    expect(picture, f'{what} should be #{want[0]:02x}{want[1]:02x}{want[2]:02x}', got,
           all(abs(g - w) <= tolerance for g, w in zip(got, want)))

def square_colour(file, rank):
    return LIGHT if (file + rank) % 2 == 1 else DARK

def check_start(picture):
    """Every square of the start position: white pieces light, black pieces dark at their
    centre, empty squares in their own colour."""
    for rank in range(8):
        for file in range(8):
            got = picture.pixel(file, rank)
            name = square_name(file, rank)
            letter = START.get(rank, '........')[file]
            if letter == '.':
                expect_colour(picture, f'empty {name}', got, square_colour(file, rank), 1)
            elif letter.isupper():
                expect(picture, f'white {letter} on {name} should be light', got, min(got) >= 235)
            else:
                expect(picture, f'black {letter} on {name} should be dark', got, max(got) <= 45)

start = Picture('start')
if (start.width, start.height) != (400, 400):
    print(f'FAIL: start: {start.width}x{start.height}, expected 400x400')
    failures += 1
check_start(start)
# The margin: the background colour outside the board.
expect_colour(start, 'the margin', tuple(start.rows[5][5 * start.channels:5 * start.channels + 3]), rgb('#302e2b'), 1)

# Flipped: the black king is at the bottom, in the fourth column from the left.
flip = Picture('flip', flip=True)
check_start(flip)
king = tuple(flip.rows[20 + 7 * 45 + 22][(20 + 3 * 45 + 22) * flip.channels:(20 + 3 * 45 + 22) * flip.channels + 3])
expect(flip, 'pixel at the bottom, fourth column should be the black king (dark)', king, max(king) <= 45)
king = tuple(flip.rows[20 + 22][(20 + 3 * 45 + 22) * flip.channels:(20 + 3 * 45 + 22) * flip.channels + 3])
expect(flip, 'pixel at the top, fourth column should be the white king (light)', king, min(king) >= 235)

# --size 800 --no-coordinates: squares of 100 pixels from the very edge.
big = Picture('big', margin=0, square=100)
if (big.width, big.height) != (800, 800):
    print(f'FAIL: big: {big.width}x{big.height}, expected 800x800')
    failures += 1
check_start(big)

marks = Picture('marks')
expect_colour(marks, 'd4 highlighted green', marks.pixel(3, 3), over(MARK['G'], 0.6, DARK))
expect_colour(marks, 'e6 highlighted red', marks.pixel(4, 5), over(MARK['R'], 0.6, LIGHT))
expect_colour(marks, 'h3 highlighted blue', marks.pixel(7, 2), over(MARK['B'], 0.6, LIGHT))
expect_colour(marks, 'a4, under the yellow arrow a3-a6', marks.pixel(0, 3), over(MARK['Y'], 0.8, LIGHT))
expect_colour(marks, 'a5, under the yellow arrow a3-a6', marks.pixel(0, 4), over(MARK['Y'], 0.8, DARK))
expect_colour(marks, 'b4, beside the arrow', marks.pixel(1, 3), DARK, 1)
expect_colour(marks, 'c4, not highlighted', marks.pixel(2, 3), LIGHT, 1)

last = Picture('lastmove', flip=True)
expect_colour(last, 'e2, the last move\'s origin', last.pixel(4, 1), LAST_LIGHT)
expect_colour(last, 'e4, a corner of the last move\'s destination', last.pixel(4, 3, 3, 3), LAST_LIGHT)
expect(last, 'the pawn on e4 should be light', last.pixel(4, 3), min(last.pixel(4, 3)) >= 235)
expect_colour(last, 'e3, empty', last.pixel(4, 2), DARK, 1)

mate = Picture('mate')
expect(mate, 'the mated white king on e1 should be light', mate.pixel(4, 0), min(mate.pixel(4, 0)) >= 235)
expect(mate, 'the black queen on h4 should be dark', mate.pixel(7, 3), max(mate.pixel(7, 3)) <= 45)
expect_colour(mate, 'd8 (a dark square), the queen\'s origin', mate.pixel(3, 7), LAST_DARK)
corner = mate.pixel(4, 0, 22, 2)  # the top of e1: the red glow on the king in check
expect(mate, 'the top of e1 should glow red', corner, corner[0] > corner[1] + 60 and corner[0] > corner[2] + 60)

# The game's first move, 1.e4, with {[%cal Ge7e5,Rd8h4] [%csl Ye4]} after it.
game = Picture('game')
# e4 is also the last move's destination: the highlight lies over the last-move tint.
expect_colour(game, 'a corner of e4, highlighted yellow by [%csl]', game.pixel(4, 3, 3, 3), over(MARK['Y'], 0.6, LAST_LIGHT))
expect_colour(game, 'e6, under the green [%cal] arrow e7-e5', game.pixel(4, 5), over(MARK['G'], 0.8, LIGHT))
expect_colour(game, 'e2, the last move\'s origin', game.pixel(4, 1), LAST_LIGHT)

if failures:
    print(f'{failures} of {checks} pixel checks failed')
    sys.exit(1)
print(f'all {checks} pixel checks passed')
EOF
