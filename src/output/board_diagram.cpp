// SPDX-License-Identifier: MIT
// Text and SVG renderings of a board for `chesstool board`.
#include "output/board_diagram.hpp"

#include <fmt/format.h>

namespace chesstool::output {

namespace {

char piece_letter(Piece p) {
  static constexpr char kLetters[] = " PNBRQK";
  char c = kLetters[type_of(p)];
  return color_of(p) == White ? c : char(c - 'A' + 'a');
}

// Unicode chess symbols U+2654..U+265F: white king first, black pieces 6 later.
const char* piece_symbol(Piece p, bool solid_only) {
  static const char* kWhite[] = {"", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"};
  static const char* kBlack[] = {"", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"};
  // On a coloured terminal the solid shapes read best for both sides, told apart by colour.
  return color_of(p) == White && !solid_only ? kWhite[type_of(p)] : kBlack[type_of(p)];
}

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

bool is_last_move_square(const DiagramOptions& o, Square s) {
  return o.last_move && (o.last_move->from == s || o.last_move->to == s);
}

// The king of the side to move when it is in check, else kNoSquare.
Square checked_king(const Position& pos) {
  return pos.is_check() ? pos.king_square(pos.side_to_move()) : kNoSquare;
}

std::string status_line(const Position& pos, const DiagramOptions& o) {
  std::string s = pos.side_to_move() == White ? "White to move" : "Black to move";
  if (pos.is_check()) s += ", in check";
  if (o.last_move) s += ", last move " + square_name(o.last_move->from) + "-" + square_name(o.last_move->to);
  return s + "\n";
}

}  // namespace

std::optional<LastMove> parse_last_move(std::string_view uci) {
  if (uci.size() != 4 && uci.size() != 5) return std::nullopt;
  auto sq = [](char f, char r) -> std::optional<Square> {
    if (f < 'a' || f > 'h' || r < '1' || r > '8') return std::nullopt;
    return make_square(f - 'a', r - '1');
  };
  auto from = sq(uci[0], uci[1]);
  auto to = sq(uci[2], uci[3]);
  if (!from || !to) return std::nullopt;
  if (uci.size() == 5 && std::string_view("nbrqNBRQ").find(uci[4]) == std::string_view::npos) return std::nullopt;
  return LastMove{*from, *to};
}

std::string ascii_diagram(const Position& pos, const DiagramOptions& options) {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    out += char('1' + r);
    out += ' ';
    for (int f = 0; f < 8; ++f) {
      Piece p = pos.piece_on(make_square(f, r));
      out += ' ';
      out += p == NoPiece ? '.' : piece_letter(p);
    }
    out += '\n';
  }
  out += "   a b c d e f g h\n";
  out += status_line(pos, options);
  return out;
}

std::string unicode_diagram(const Position& pos, bool colour, const DiagramOptions& options) {
  std::string out;
  const Square check = checked_king(pos);
  for (int r = 7; r >= 0; --r) {
    out += char('1' + r);
    out += ' ';
    for (int f = 0; f < 8; ++f) {
      const Square s = make_square(f, r);
      const Piece p = pos.piece_on(s);
      if (colour) {
        const bool light = (f + r) % 2 == 1;
        int bg = light ? 180 : 137;                            // wood tones
        if (is_last_move_square(options, s)) bg = light ? 186 : 143;  // yellow tint
        if (s == check) bg = 167;                              // red
        out += fmt::format("\033[48;5;{}m", bg);
        if (p != NoPiece) out += color_of(p) == White ? "\033[38;5;231m" : "\033[38;5;16m";
        out += ' ';
        out += p == NoPiece ? " " : piece_symbol(p, true);
        out += ' ';
      } else {
        out += ' ';
        out += p == NoPiece ? "\u00B7" : piece_symbol(p, false);
      }
    }
    if (colour) out += "\033[0m";
    out += '\n';
  }
  out += colour ? "   a  b  c  d  e  f  g  h\n" : "   a b c d e f g h\n";
  out += status_line(pos, options);
  return out;
}

std::string svg_diagram(const Position& pos, const DiagramOptions& options) {
  constexpr int kSquare = 45, kMargin = 20, kBoard = 8 * kSquare, kSize = kBoard + 2 * kMargin;
  const Square check = checked_king(pos);
  std::string out = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{0}\" height=\"{0}\" viewBox=\"0 0 {0} {0}\">\n"
      "<defs><radialGradient id=\"check\"><stop offset=\"0%\" stop-color=\"#ff0000\"/>"
      "<stop offset=\"60%\" stop-color=\"#e70000\" stop-opacity=\"0.6\"/>"
      "<stop offset=\"100%\" stop-color=\"#9e0000\" stop-opacity=\"0\"/></radialGradient></defs>\n"
      "<rect x=\"0\" y=\"0\" width=\"{0}\" height=\"{0}\" fill=\"#302e2b\"/>\n",
      kSize);
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) {
      const Square s = make_square(f, r);
      const int x = kMargin + f * kSquare, y = kMargin + (7 - r) * kSquare;
      const bool light = (f + r) % 2 == 1;
      const char* fill = light ? "#f0d9b5" : "#b58863";
      if (is_last_move_square(options, s)) fill = light ? "#cdd26a" : "#aaa23a";
      out += fmt::format("<rect class=\"square {}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                         square_name(s), x, y, kSquare, kSquare, fill);
      if (s == check)
        out += fmt::format("<rect class=\"check\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#check)\"/>\n", x, y,
                           kSquare, kSquare);
    }
  }
  // Pieces: solid symbols in the side's colour with a contrasting outline.
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) {
      const Piece p = pos.piece_on(make_square(f, r));
      if (p == NoPiece) continue;
      const int x = kMargin + f * kSquare + kSquare / 2, y = kMargin + (7 - r) * kSquare + kSquare / 2;
      const bool white = color_of(p) == White;
      out += fmt::format(
          "<text x=\"{}\" y=\"{}\" font-size=\"38\" text-anchor=\"middle\" dominant-baseline=\"central\" "
          "fill=\"{}\" stroke=\"{}\" stroke-width=\"1.2\">{}</text>\n",
          x, y + 2, white ? "#ffffff" : "#000000", white ? "#000000" : "#ffffff", piece_symbol(p, true));
    }
  }
  for (int i = 0; i < 8; ++i) {
    const int c = kMargin + i * kSquare + kSquare / 2;
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" font-family=\"sans-serif\" text-anchor=\"middle\" "
        "fill=\"#e0e0e0\">{}</text>\n",
        c, kSize - 6, char('a' + i));
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" font-family=\"sans-serif\" text-anchor=\"middle\" "
        "dominant-baseline=\"central\" fill=\"#e0e0e0\">{}</text>\n",
        kMargin / 2, kMargin + (7 - i) * kSquare + kSquare / 2, char('1' + i));
  }
  out += "</svg>\n";
  return out;
}

}  // namespace chesstool::output
