// SPDX-License-Identifier: MIT
// Text and SVG renderings of a board for `chesstool board`.
#include "output/board_diagram.hpp"

#include <fmt/format.h>

#include <cmath>

#include "rules/dead_position.hpp"
#include "rules/outcome.hpp"

namespace chesstool::output {

namespace {

// Unicode chess symbols U+2654..U+265F: white king first, black pieces 6 later.
const char* piece_symbol(Piece p, bool solid_only) {
  static const char* kWhite[] = {"", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"};
  static const char* kBlack[] = {"", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"};
  // On a coloured terminal the solid shapes read best for both sides, told apart by colour.
  return color_of(p) == White && !solid_only ? kWhite[type_of(p)] : kBlack[type_of(p)];
}

std::optional<Square> parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return std::nullopt;
  return make_square(s[0] - 'a', s[1] - '1');
}

bool is_last_move_square(const DiagramOptions& o, Square s) {
  return o.last_move && (o.last_move->from == s || o.last_move->to == s);
}

// The king of the side to move when it is in check, else kNoSquare.
Square checked_king(const Position& pos) {
  return pos.is_check() ? pos.king_square(pos.side_to_move()) : kNoSquare;
}

// The square drawn in display row `row` (0 = top) and column `col` (0 = left).
Square square_at(int row, int col, bool flip) {
  return flip ? make_square(7 - col, row) : make_square(col, 7 - row);
}

std::string file_letters(bool flip, const char* gap) {
  std::string s;
  for (int c = 0; c < 8; ++c) {
    if (c) s += gap;
    s += char('a' + (flip ? 7 - c : c));
  }
  return s;
}

}  // namespace

std::optional<LastMove> parse_last_move(std::string_view uci) {
  if (uci.size() != 4 && uci.size() != 5) return std::nullopt;
  auto from = parse_square(uci.substr(0, 2));
  auto to = parse_square(uci.substr(2, 2));
  if (!from || !to || *from == *to) return std::nullopt;
  if (uci.size() == 5 && std::string_view("nbrqNBRQ").find(uci[4]) == std::string_view::npos) return std::nullopt;
  return LastMove{*from, *to};
}

std::optional<MarkColor> mark_color(char letter) {
  switch (letter) {
    case 'G': return MarkColor::Green;
    case 'R': return MarkColor::Red;
    case 'Y': return MarkColor::Yellow;
    case 'B': return MarkColor::Blue;
    default: return std::nullopt;
  }
}

const char* mark_rgb(MarkColor c) {
  static const char* kRgb[] = {"#15a040", "#d02828", "#f0b400", "#1e64dc"};
  return kRgb[std::size_t(c)];
}

std::optional<BoardArrow> parse_arrow(std::string_view text) {
  BoardArrow a;
  if (text.size() == 5) {
    auto c = mark_color(text[0]);
    if (!c) return std::nullopt;
    a.color = *c;
    text.remove_prefix(1);
  }
  if (text.size() != 4) return std::nullopt;
  auto from = parse_square(text.substr(0, 2));
  auto to = parse_square(text.substr(2, 2));
  if (!from || !to || *from == *to) return std::nullopt;
  a.from = *from;
  a.to = *to;
  return a;
}

std::optional<BoardHighlight> parse_highlight(std::string_view text) {
  BoardHighlight h;
  if (text.size() == 3) {
    auto c = mark_color(text[0]);
    if (!c) return std::nullopt;
    h.color = *c;
    text.remove_prefix(1);
  }
  auto s = parse_square(text);
  if (!s) return std::nullopt;
  h.square = *s;
  return h;
}

std::string status_line(const Position& pos, const DiagramOptions& o) {
  const Color us = pos.side_to_move();
  std::string s = us == White ? "White to move" : "Black to move";
  // FIDE 5.1.1 and 5.2.1 first (a mate ends the game even when material is low), then
  // 5.2.2: a dead position ends it too, check or not.
  if (is_checkmate(pos))
    s += us == White ? ", checkmate: Black wins" : ", checkmate: White wins";
  else if (is_stalemate(pos))
    s += ", stalemate: drawn";
  else if (is_insufficient_material(pos) || is_dead_position(pos))
    s += ", dead position: drawn";
  else if (pos.is_check())
    s += ", in check";
  if (o.last_move) {
    s += ", last move ";
    s += square_name(o.last_move->from);
    s += '-';
    s += square_name(o.last_move->to);
  }
  return s + "\n";
}

std::string ascii_diagram(const Position& pos, const DiagramOptions& options) {
  std::string out;
  for (int row = 0; row < 8; ++row) {
    const Square first = square_at(row, 0, options.flip);
    if (options.coordinates) out += {char('1' + rank_of(first)), ' ', ' '};
    for (int col = 0; col < 8; ++col) {
      const Piece p = pos.piece_on(square_at(row, col, options.flip));
      if (col) out += ' ';
      out += piece_char(p);  // '.' for an empty square
    }
    out += '\n';
  }
  if (options.coordinates) {
    out += "   ";
    out += file_letters(options.flip, " ");
    out += '\n';
  }
  out += status_line(pos, options);
  return out;
}

std::string unicode_diagram(const Position& pos, bool colour, const DiagramOptions& options) {
  std::string out;
  const Square check = checked_king(pos);
  for (int row = 0; row < 8; ++row) {
    if (options.coordinates) out += {char('1' + rank_of(square_at(row, 0, options.flip))), ' '};
    for (int col = 0; col < 8; ++col) {
      const Square s = square_at(row, col, options.flip);
      const Piece p = pos.piece_on(s);
      if (colour) {
        const bool light = (file_of(s) + rank_of(s)) % 2 == 1;
        int bg = light ? 180 : 137;                                   // wood tones
        if (is_last_move_square(options, s)) bg = light ? 186 : 143;  // yellow tint
        if (s == check) bg = 167;                                     // red
        out += fmt::format("\033[48;5;{}m", bg);
        if (p != NoPiece) out += color_of(p) == White ? "\033[38;5;231m" : "\033[38;5;16m";
        out += ' ';
        out += p == NoPiece ? " " : piece_symbol(p, true);
        out += ' ';
      } else {
        if (col || options.coordinates) out += ' ';
        out += p == NoPiece ? "\u00B7" : piece_symbol(p, false);
      }
    }
    if (colour) out += "\033[0m";
    out += '\n';
  }
  if (options.coordinates) {
    out += "   ";
    out += file_letters(options.flip, colour ? "  " : " ");
    out += '\n';
  }
  out += status_line(pos, options);
  return out;
}

// ---------------------------------------------------------------------------------------
// SVG. Board units: a square is 45 wide, the coordinate margin 20; the viewBox scales
// them to options.size pixels.

namespace {

constexpr int kSquare = 45;
constexpr int kMargin = 20;
constexpr const char* kLightSquare = "#f0d9b5";
constexpr const char* kDarkSquare = "#b58863";
constexpr const char* kLastMoveLight = "#cdd26a";
constexpr const char* kLastMoveDark = "#aaa23a";
constexpr const char* kBackground = "#302e2b";

// The pieces, drawn on a 100 x 100 grid with the base at y = 88. Each is a list of SVG
// elements painted in order: a shape without paint attributes takes the fill and outline
// of its colour's group (below); a "detail" line is painted in the group's `color`, so a
// black piece gets light inner lines. Every body covers the centre of its square (50,
// 50), which the pixel test samples (tests/cli/board_svg_pixels.sh). Our own design.
struct PieceShape {
  const char* name;
  const char* elements;
};
// clang-format off
constexpr PieceShape kShapes[] = {
  {"pawn",
   "<path d=\"M24 88H76V82C76 72 66 68 60 64C58 60 57 57 57 54H43C43 57 42 60 40 64C34 68 24 72 24 82Z\"/>"
   "<ellipse cx=\"50\" cy=\"50\" rx=\"15\" ry=\"5\"/>"
   "<circle cx=\"50\" cy=\"32\" r=\"13\"/>"},
  {"knight",
   "<path d=\"M26 88H74C74 64 72 40 58 27L56 14L47 23L40 19L38 29C30 35 22 48 19 57C18 64 24 69 31 66L41 61"
   "C46 59 52 58 56 58C48 66 34 72 26 88Z\"/>"
   "<path class=\"detail\" d=\"M61 32C68 44 70 60 69 80\" fill=\"none\" stroke=\"currentColor\"/>"
   "<circle class=\"detail\" cx=\"41\" cy=\"33\" r=\"3.5\" fill=\"currentColor\" stroke=\"none\"/>"
   "<circle class=\"detail\" cx=\"25\" cy=\"58\" r=\"2\" fill=\"currentColor\" stroke=\"none\"/>"},
  {"bishop",
   "<rect x=\"26\" y=\"80\" width=\"48\" height=\"8\" rx=\"3\"/>"
   "<path d=\"M36 80L40 68H60L64 80Z\"/>"
   "<path d=\"M50 20C36 30 30 46 36 62H64C70 46 64 30 50 20Z\"/>"
   "<rect x=\"34\" y=\"61\" width=\"32\" height=\"8\" rx=\"3\"/>"
   "<circle cx=\"50\" cy=\"15\" r=\"6\"/>"
   "<path class=\"detail\" d=\"M60 33L52 43\" fill=\"none\" stroke=\"currentColor\"/>"},
  {"rook",
   "<path d=\"M30 80L34 42H66L70 80Z\"/>"
   "<rect x=\"24\" y=\"80\" width=\"52\" height=\"8\" rx=\"2\"/>"
   "<path d=\"M26 20H36V28H44V20H56V28H64V20H74V38L66 44H34L26 38Z\"/>"
   "<path class=\"detail\" d=\"M33 70H67\" fill=\"none\" stroke=\"currentColor\"/>"},
  {"queen",
   "<path d=\"M28 80L18 32L34 46L37 24L45 44L50 18L55 44L63 24L66 46L82 32L72 80Z\"/>"
   "<rect x=\"26\" y=\"80\" width=\"48\" height=\"8\" rx=\"3\"/>"
   "<circle cx=\"18\" cy=\"30\" r=\"5\"/><circle cx=\"37\" cy=\"22\" r=\"5\"/><circle cx=\"50\" cy=\"16\" r=\"5\"/>"
   "<circle cx=\"63\" cy=\"22\" r=\"5\"/><circle cx=\"82\" cy=\"30\" r=\"5\"/>"
   "<path class=\"detail\" d=\"M30 70H70\" fill=\"none\" stroke=\"currentColor\"/>"},
  {"king",
   "<path d=\"M46 8H54V16H62V24H54V44H46V24H38V16H46Z\"/>"
   "<path d=\"M28 80C16 60 28 38 50 40C72 38 84 60 72 80Z\"/>"
   "<rect x=\"26\" y=\"80\" width=\"48\" height=\"8\" rx=\"3\"/>"
   "<path class=\"detail\" d=\"M31 68H69\" fill=\"none\" stroke=\"currentColor\"/>"},
};
// clang-format on

// Fill, outline and detail colour of each side (chesstool(1) lists them).
constexpr const char* kPieceFill[2] = {"#ffffff", "#1e1e1e"};
constexpr const char* kPieceDetail[2] = {"#1e1e1e", "#e8e8e8"};

const char* colour_word(Color c) { return c == White ? "white" : "black"; }

std::string svg_defs() {
  std::string d = "<defs>\n<radialGradient id=\"check\"><stop offset=\"0%\" stop-color=\"#ff0000\"/>"
                  "<stop offset=\"60%\" stop-color=\"#e70000\" stop-opacity=\"0.6\"/>"
                  "<stop offset=\"100%\" stop-color=\"#9e0000\" stop-opacity=\"0\"/></radialGradient>\n";
  for (const PieceShape& s : kShapes) d += fmt::format("<g id=\"{}\">{}</g>\n", s.name, s.elements);
  for (Color c : {White, Black})
    for (const PieceShape& s : kShapes)
      d += fmt::format(
          "<g id=\"{0}-{1}\" fill=\"{2}\" stroke=\"#1e1e1e\" color=\"{3}\" stroke-width=\"3\" "
          "stroke-linejoin=\"round\" stroke-linecap=\"round\"><use xlink:href=\"#{1}\"/></g>\n",
          colour_word(c), s.name, kPieceFill[c], kPieceDetail[c]);
  return d + "</defs>\n";
}

struct Layout {
  int margin;
  bool flip;
  // Top-left corner of square s in board units.
  int x(Square s) const { return margin + (flip ? 7 - file_of(s) : file_of(s)) * kSquare; }
  int y(Square s) const { return margin + (flip ? rank_of(s) : 7 - rank_of(s)) * kSquare; }
};

std::string svg_squares(const Position& pos, const DiagramOptions& o, const Layout& l) {
  std::string out;
  const Square check = checked_king(pos);
  for (Square s = 0; s < 64; ++s) {
    const bool light = (file_of(s) + rank_of(s)) % 2 == 1;
    const char* fill = light ? kLightSquare : kDarkSquare;
    if (is_last_move_square(o, s)) fill = light ? kLastMoveLight : kLastMoveDark;
    out += fmt::format("<rect class=\"square {} {}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                       light ? "light" : "dark", square_name(s), l.x(s), l.y(s), kSquare, kSquare, fill);
  }
  for (const BoardHighlight& h : o.highlights)
    out += fmt::format(
        "<rect class=\"highlight {}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" fill-opacity=\"0.6\"/>\n",
        square_name(h.square), l.x(h.square), l.y(h.square), kSquare, kSquare, mark_rgb(h.color));
  if (check != kNoSquare)
    out += fmt::format("<rect class=\"check\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#check)\"/>\n",
                       l.x(check), l.y(check), kSquare, kSquare);
  return out;
}

std::string svg_pieces(const Position& pos, const Layout& l) {
  std::string out;
  for (Square s = 0; s < 64; ++s) {
    const Piece p = pos.piece_on(s);
    if (p == NoPiece) continue;
    out += fmt::format("<use xlink:href=\"#{}-{}\" transform=\"translate({} {}) scale(0.45)\"/>\n",
                       colour_word(color_of(p)), kShapes[type_of(p) - Pawn].name, l.x(s), l.y(s));
  }
  return out;
}

// An arrow from the centre of one square to the centre of another: a shaft and a head,
// one polygon, translucent so the pieces under it show.
std::string svg_arrow(const BoardArrow& a, const Layout& l) {
  const double half = kSquare / 2.0;
  const double x1 = l.x(a.from) + half, y1 = l.y(a.from) + half;
  const double x2 = l.x(a.to) + half, y2 = l.y(a.to) + half;
  const double len = std::hypot(x2 - x1, y2 - y1);
  const double ux = (x2 - x1) / len, uy = (y2 - y1) / len;  // along the arrow
  const double nx = -uy, ny = ux;                           // across it
  const double shaft = 0.11 * kSquare, head_width = 0.3 * kSquare, head_length = 0.45 * kSquare;
  const double bx = x2 - ux * head_length, by = y2 - uy * head_length;
  std::string points;
  auto point = [&](double x, double y) { points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", x, y); };
  point(x1 + nx * shaft, y1 + ny * shaft);
  point(bx + nx * shaft, by + ny * shaft);
  point(bx + nx * head_width, by + ny * head_width);
  point(x2, y2);
  point(bx - nx * head_width, by - ny * head_width);
  point(bx - nx * shaft, by - ny * shaft);
  point(x1 - nx * shaft, y1 - ny * shaft);
  return fmt::format("<polygon class=\"arrow {}{}\" points=\"{}\" fill=\"{}\" fill-opacity=\"0.8\"/>\n",
                     square_name(a.from), square_name(a.to), points, mark_rgb(a.color));
}

std::string svg_coordinates(const Layout& l, int view) {
  std::string out;
  for (int i = 0; i < 8; ++i) {
    const int c = kMargin + i * kSquare + kSquare / 2;
    const char file = char('a' + (l.flip ? 7 - i : i));
    const char rank = char('8' - (l.flip ? 7 - i : i));
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" font-family=\"sans-serif\" text-anchor=\"middle\" "
        "fill=\"#e0e0e0\">{}</text>\n",
        c, view - 6, file);
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" font-family=\"sans-serif\" text-anchor=\"middle\" "
        "dominant-baseline=\"central\" fill=\"#e0e0e0\">{}</text>\n",
        kMargin / 2, c, rank);
  }
  return out;
}

}  // namespace

std::string svg_diagram(const Position& pos, const DiagramOptions& options) {
  const Layout layout{options.coordinates ? kMargin : 0, options.flip};
  const int view = 8 * kSquare + 2 * layout.margin;
  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
      "width=\"{0}\" height=\"{0}\" viewBox=\"0 0 {1} {1}\">\n",
      options.size, view);
  out += svg_defs();
  out += fmt::format("<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{0}\" fill=\"{1}\"/>\n", view, kBackground);
  out += svg_squares(pos, options, layout);
  out += svg_pieces(pos, layout);
  for (const BoardArrow& a : options.arrows) out += svg_arrow(a, layout);
  if (options.coordinates) out += svg_coordinates(layout, view);
  out += "</svg>\n";
  return out;
}

}  // namespace chesstool::output
