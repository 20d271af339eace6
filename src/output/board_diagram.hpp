// SPDX-License-Identifier: MIT
// Board diagrams of a position: plain ASCII, Unicode with ANSI colours, and SVG.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/position.hpp"
#include "core/types.hpp"

namespace chesstool::output {

// Squares to highlight: the last move's from and to squares (from a UCI string such
// as "e2e4" or "e7e8q", read for its squares only, so it need not be legal anywhere).
struct LastMove {
  Square from = kNoSquare;
  Square to = kNoSquare;
};
// The squares of a UCI move text, or nullopt when it is not "<square><square>[nbrq]".
std::optional<LastMove> parse_last_move(std::string_view uci);

struct DiagramOptions {
  std::optional<LastMove> last_move;
};

// Eight ranks from 8 down to 1, pieces as FEN letters, '.' for empty squares, rank
// numbers on the left and files underneath, then "<side> to move"; the last move's
// squares are named on that line (ASCII cannot colour them).
std::string ascii_diagram(const Position& pos, const DiagramOptions& options = {});
// The same with Unicode chess symbols; with colour, squares get ANSI 256-colour
// backgrounds, the last move's squares a yellow tint and a king in check a red one.
std::string unicode_diagram(const Position& pos, bool colour, const DiagramOptions& options = {});
// A self-contained SVG 1.1 document: board, file and rank coordinates, pieces as Unicode
// chess symbols, last-move and check highlights. Well-formed XML.
std::string svg_diagram(const Position& pos, const DiagramOptions& options = {});

}  // namespace chesstool::output
