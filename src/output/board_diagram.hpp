// SPDX-License-Identifier: MIT
// Board diagrams of a position: plain ASCII, Unicode with ANSI colours, and SVG with
// pieces drawn as paths (no fonts), arrows and highlighted squares.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"
#include "core/types.hpp"

namespace chesstool::output {

// The from and to squares of the last move, highlighted. Whether the move is legal is
// the caller's business (board_last_move.hpp checks a --lastmove).
struct LastMove {
  Square from = kNoSquare;
  Square to = kNoSquare;
};
// The squares of a UCI move text, or nullopt when it is not "<square><square>[nbrq]"
// with two different squares.
std::optional<LastMove> parse_last_move(std::string_view uci);

// The colours of arrows and highlighted squares, by the letters of the [%cal] and [%csl]
// comment commands (lichess, ChessBase): G green, R red, Y yellow, B blue.
enum class MarkColor : std::uint8_t { Green, Red, Yellow, Blue };
// The colour a letter names (upper case only, as the comment commands write it), or nullopt.
std::optional<MarkColor> mark_color(char letter);
// The SVG colour ("#rrggbb") of a mark; chesstool(1) lists them.
const char* mark_rgb(MarkColor c);

struct BoardArrow {
  Square from = kNoSquare;
  Square to = kNoSquare;
  MarkColor color = MarkColor::Green;
};
struct BoardHighlight {
  Square square = kNoSquare;
  MarkColor color = MarkColor::Green;
};
// "e2e4" or, with a colour letter first, "Re2e4" (green without one); nullopt when
// malformed or when both squares are the same.
std::optional<BoardArrow> parse_arrow(std::string_view text);
// "d4" or "Yd4"; nullopt when malformed.
std::optional<BoardHighlight> parse_highlight(std::string_view text);

struct DiagramOptions {
  std::optional<LastMove> last_move;
  bool flip = false;         // Black at the bottom: rank 1 on top, file h on the left
  bool coordinates = true;   // rank numbers and file letters
  int size = 400;            // SVG only: width and height in pixels
  std::vector<BoardArrow> arrows;          // SVG only
  std::vector<BoardHighlight> highlights;  // SVG only
};

// The line under a text diagram: "White to move", then ", checkmate: Black wins",
// ", stalemate: drawn", ", dead position: drawn" (FIDE 5.1.1, 5.2.1, 5.2.2: insufficient
// material, or locked pawns as rules/dead_position.hpp proves) or ", in check", then
// ", last move e2-e4" when there is one; with a newline.
std::string status_line(const Position& pos, const DiagramOptions& options = {});

// Eight ranks (8 down to 1, or 1 down to 8 when flipped), pieces as FEN letters, '.' for
// empty squares, rank numbers on the left and files underneath (unless coordinates is
// off), then status_line (ASCII cannot colour the last move: that line names it).
std::string ascii_diagram(const Position& pos, const DiagramOptions& options = {});
// The same with Unicode chess symbols; with colour, squares get ANSI 256-colour
// backgrounds, the last move's squares a yellow tint and a king in check a red one.
std::string unicode_diagram(const Position& pos, bool colour, const DiagramOptions& options = {});
// A self-contained SVG 1.1 document, options.size pixels square: board, coordinates in a
// margin (when on), last-move tint, highlighted squares, a red glow on a king in check,
// pieces drawn as paths (one <defs> entry per piece and colour, placed with <use>, so no
// font is needed for them) and arrows on top. Well-formed XML; the colours are listed in
// chesstool(1).
std::string svg_diagram(const Position& pos, const DiagramOptions& options = {});

}  // namespace chesstool::output
