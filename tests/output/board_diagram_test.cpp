// SPDX-License-Identifier: MIT
// Tests for output/board_diagram: SVG well-formedness, pieces as <use> of <defs>, flip, size,
// coordinates, arrows and highlights; ASCII and Unicode diagrams; the status line; mark parsing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.hpp"
#include "output/board_diagram.hpp"

namespace chesstool {
namespace {

// Minimal XML well-formedness: balanced and matching elements, quoted attributes, no
// raw '<' or '&' (other than entities) in text or attribute values.
bool well_formed_xml(std::string_view x, std::string& why) {
  std::vector<std::string> open;
  std::size_t i = 0;
  bool root_seen = false;
  auto entity_ok = [&](std::size_t p) {
    for (const char* e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
      if (x.substr(p, std::strlen(e)) == e) return true;
    return false;
  };
  while (i < x.size()) {
    if (x[i] == '<') {
      if (x.substr(i, 2) == "<?") {
        std::size_t e = x.find("?>", i);
        if (e == std::string_view::npos) return why = "open prolog", false;
        i = e + 2;
        continue;
      }
      bool closing = x[i + 1] == '/';
      std::size_t p = i + (closing ? 2 : 1);
      std::size_t s = p;
      while (p < x.size() && (std::isalnum(static_cast<unsigned char>(x[p])) || x[p] == '-' || x[p] == ':' || x[p] == '_')) ++p;
      std::string name(x.substr(s, p - s));
      if (name.empty()) return why = "empty element name", false;
      // Attributes.
      bool self_close = false;
      for (;;) {
        while (p < x.size() && std::isspace(static_cast<unsigned char>(x[p]))) ++p;
        if (p >= x.size()) return why = "unterminated tag", false;
        if (x[p] == '>') break;
        if (x.substr(p, 2) == "/>") {
          self_close = true;
          ++p;
          break;
        }
        if (closing) return why = "attribute in closing tag", false;
        std::size_t a = p;
        while (p < x.size() && x[p] != '=' && !std::isspace(static_cast<unsigned char>(x[p]))) ++p;
        if (p == a || p >= x.size() || x[p] != '=') return why = "attribute without value", false;
        ++p;
        if (p >= x.size() || (x[p] != '"' && x[p] != '\'')) return why = "unquoted attribute", false;
        char q = x[p++];
        while (p < x.size() && x[p] != q) {
          if (x[p] == '<') return why = "'<' in attribute", false;
          if (x[p] == '&' && !entity_ok(p)) return why = "bad entity in attribute", false;
          ++p;
        }
        ++p;
      }
      ++p;
      if (closing) {
        if (open.empty() || open.back() != name) return why = "mismatched </" + name + ">", false;
        open.pop_back();
      } else if (!self_close) {
        if (open.empty() && root_seen) return why = "second root element", false;
        open.push_back(name);
        root_seen = true;
      }
      i = p;
    } else {
      if (x[i] == '&' && !entity_ok(i)) return why = "bad entity in text", false;
      if (open.empty() && !std::isspace(static_cast<unsigned char>(x[i]))) return why = "text outside the root", false;
      ++i;
    }
  }
  if (!open.empty()) return why = "unclosed <" + open.back() + ">", false;
  return root_seen || (why = "no root", false);
}

TEST(BoardDiagram, SvgIsWellFormedWithHighlights) {
  FenResult r = parse_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  ASSERT_TRUE(r.ok());
  output::DiagramOptions o;
  o.last_move = output::parse_last_move("d8h4");
  ASSERT_TRUE(o.last_move);
  std::string svg = output::svg_diagram(r.position, o);
  std::string why;
  EXPECT_TRUE(well_formed_xml(svg, why)) << why << "\n" << svg;
  EXPECT_NE(svg.find("class=\"check\""), std::string::npos);   // the white king is in check
  EXPECT_NE(svg.find("fill=\"#aaa23a\""), std::string::npos);   // d8 or h4 tinted
  EXPECT_EQ(std::count(svg.begin(), svg.end(), '\n') > 64, true);
  std::string why2;
  EXPECT_FALSE(well_formed_xml("<svg><g></svg>", why2));
}

TEST(BoardDiagram, TextDiagrams) {
  FenResult r = parse_fen(kStartFen);
  std::string a = output::ascii_diagram(r.position);
  EXPECT_EQ(a.substr(0, a.find('\n')), "8  r n b q k b n r");
  EXPECT_NE(a.find("1  R N B Q K B N R\n   a b c d e f g h\nWhite to move\n"), std::string::npos);
  std::string u = output::unicode_diagram(r.position, false);
  EXPECT_NE(u.find("\u265A"), std::string::npos);
  EXPECT_NE(u.find("\u2654"), std::string::npos);
  std::string c = output::unicode_diagram(r.position, true);
  EXPECT_NE(c.find("\033[48;5;"), std::string::npos);
  EXPECT_FALSE(output::parse_last_move("e2e9"));
  EXPECT_FALSE(output::parse_last_move("e2"));
  EXPECT_TRUE(output::parse_last_move("e7e8q"));
}


Position position(const char* fen) {
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen;
  return r.position;
}

std::size_t diagram_count(std::string_view text, std::string_view needle) {
  std::size_t n = 0;
  for (std::size_t p = text.find(needle); p != std::string_view::npos; p = text.find(needle, p + 1)) ++n;
  return n;
}

// The transform of the <use> that draws the piece with the given id on some square, or "".
std::vector<std::string> placements(const std::string& svg, const std::string& id) {
  std::vector<std::string> out;
  const std::string key = "<use xlink:href=\"#" + id + "\" transform=\"";
  for (std::size_t p = svg.find(key); p != std::string::npos; p = svg.find(key, p + 1)) {
    const std::size_t start = p + key.size();
    out.push_back(svg.substr(start, svg.find('"', start) - start));
  }
  return out;
}

// Where square (file, rank) is drawn: margin 20 and squares of 45 board units, as the
// man page's geometry (viewBox 400 with coordinates, 360 without).
std::string translate(int file, int rank, bool flip, int margin = 20) {
  const int col = flip ? 7 - file : file, row = flip ? rank : 7 - rank;
  return "translate(" + std::to_string(margin + col * 45) + " " + std::to_string(margin + row * 45) + ") scale(0.45)";
}

TEST(BoardDiagram, SvgPiecesAreDefinedOnceAndPlacedWithUse) {
  const Position start = position(kStartFen);
  const std::string svg = output::svg_diagram(start);
  std::string why;
  ASSERT_TRUE(well_formed_xml(svg, why)) << why;
  // One definition per piece type and one group per type and colour.
  for (const char* type : {"pawn", "knight", "bishop", "rook", "queen", "king"}) {
    EXPECT_EQ(diagram_count(svg, std::string("<g id=\"") + type + "\">"), 1u) << type;
    for (const char* colour : {"white", "black"})
      EXPECT_EQ(diagram_count(svg, std::string("<g id=\"") + colour + "-" + type + "\""), 1u) << colour << type;
  }
  // 32 pieces, each a <use>; no chess symbol is left as text for a font to draw.
  EXPECT_EQ(diagram_count(svg, "<use xlink:href=\"#white-"), 16u);  // the groups use the bare shapes ("#king")
  EXPECT_EQ(diagram_count(svg, "<use xlink:href=\"#black-"), 16u);
  EXPECT_EQ(svg.find("\u265A"), std::string::npos);
  EXPECT_EQ(svg.find("\u2654"), std::string::npos);
  EXPECT_EQ(placements(svg, "white-king"), std::vector<std::string>{translate(4, 0, false)});
  EXPECT_EQ(placements(svg, "black-king"), std::vector<std::string>{translate(4, 7, false)});
  EXPECT_EQ(placements(svg, "white-pawn").size(), 8u);
  EXPECT_EQ(placements(svg, "black-queen"), std::vector<std::string>{translate(3, 7, false)});
}

TEST(BoardDiagram, SvgFlipSizeAndCoordinates) {
  const Position start = position(kStartFen);
  output::DiagramOptions o;
  o.flip = true;
  o.size = 800;
  std::string svg = output::svg_diagram(start, o);
  EXPECT_NE(svg.find("width=\"800\" height=\"800\" viewBox=\"0 0 400 400\""), std::string::npos);
  EXPECT_EQ(placements(svg, "white-king"), std::vector<std::string>{translate(4, 0, true)});
  EXPECT_EQ(placements(svg, "black-king"), std::vector<std::string>{translate(4, 7, true)});
  // Flipped, the files run h..a from the left: the first file label drawn is h.
  const std::size_t first_label = svg.find("<text");
  ASSERT_NE(first_label, std::string::npos);
  EXPECT_EQ(svg.substr(svg.find('>', first_label) + 1, 1), "h");
  EXPECT_EQ(diagram_count(svg, "<text"), 16u);

  o.coordinates = false;
  svg = output::svg_diagram(start, o);
  EXPECT_NE(svg.find("viewBox=\"0 0 360 360\""), std::string::npos);
  EXPECT_EQ(diagram_count(svg, "<text"), 0u);
  EXPECT_EQ(placements(svg, "white-king"), std::vector<std::string>{translate(4, 0, true, 0)});
}

TEST(BoardDiagram, SvgArrowsAndHighlights) {
  output::DiagramOptions o;
  o.arrows.push_back(*output::parse_arrow("Re2e4"));
  o.arrows.push_back(*output::parse_arrow("g1f3"));
  o.highlights.push_back(*output::parse_highlight("Yd4"));
  const std::string svg = output::svg_diagram(position(kStartFen), o);
  std::string why;
  ASSERT_TRUE(well_formed_xml(svg, why)) << why;
  const std::size_t red = svg.find("<polygon class=\"arrow e2e4\"");
  ASSERT_NE(red, std::string::npos);
  const std::string arrow = svg.substr(red, svg.find('\n', red) - red);
  // The tip is the centre of e4 (x 20 + 4 * 45 + 22.5, y 20 + 4 * 45 + 22.5).
  EXPECT_NE(arrow.find(" 222.5,222.5 "), std::string::npos) << arrow;
  EXPECT_NE(arrow.find(std::string("fill=\"") + output::mark_rgb(output::MarkColor::Red) + "\""), std::string::npos);
  const std::size_t green = svg.find("<polygon class=\"arrow g1f3\"");
  ASSERT_NE(green, std::string::npos);
  EXPECT_NE(svg.find(output::mark_rgb(output::MarkColor::Green), green), std::string::npos);
  EXPECT_NE(svg.find(std::string("<rect class=\"highlight d4\" x=\"155\" y=\"200\" width=\"45\" height=\"45\" fill=\"") +
                     output::mark_rgb(output::MarkColor::Yellow)),
            std::string::npos);
  // Arrows are drawn over the pieces, highlights under them.
  EXPECT_GT(red, svg.rfind("<use xlink:href=\"#white-"));
  EXPECT_LT(svg.find("class=\"highlight"), svg.find("transform=\"translate("));
}

TEST(BoardDiagram, ParsesMarks) {
  auto a = output::parse_arrow("e2e4");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->from, make_square(4, 1));
  EXPECT_EQ(a->to, make_square(4, 3));
  EXPECT_EQ(a->color, output::MarkColor::Green);
  EXPECT_EQ(output::parse_arrow("Bh1a8")->color, output::MarkColor::Blue);
  for (const char* bad : {"e2e2", "Re2e2", "re2e4", "Xe2e4", "e2e9", "e2", "e2e4q", "GGe2e4", ""})
    EXPECT_FALSE(output::parse_arrow(bad)) << bad;
  auto h = output::parse_highlight("Yd4");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->square, make_square(3, 3));
  EXPECT_EQ(h->color, output::MarkColor::Yellow);
  EXPECT_EQ(output::parse_highlight("a1")->color, output::MarkColor::Green);
  for (const char* bad : {"d9", "i4", "Qd4", "gd4", "d", "Rd4x"}) EXPECT_FALSE(output::parse_highlight(bad)) << bad;
  EXPECT_FALSE(output::mark_color('g'));
  EXPECT_EQ(output::mark_color('R'), output::MarkColor::Red);
  EXPECT_FALSE(output::parse_last_move("e2e2"));
}

TEST(BoardDiagram, StatusLineSaysHowThePositionStands) {
  // Fool's mate (FIDE 5.1.1), a queen stalemate (5.2.1), bare kings, a lone bishop and a
  // locked pawn chain with kings that cannot reach a pawn (5.2.2), a plain check.
  EXPECT_EQ(output::status_line(position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")),
            "White to move, checkmate: Black wins\n");
  EXPECT_EQ(output::status_line(position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")), "Black to move, stalemate: drawn\n");
  EXPECT_EQ(output::status_line(position("8/8/8/4k3/8/8/8/4K3 w - - 0 1")), "White to move, dead position: drawn\n");
  EXPECT_EQ(output::status_line(position("8/8/8/4k3/8/8/8/2B1K3 b - - 0 1")), "Black to move, dead position: drawn\n");
  EXPECT_EQ(output::status_line(position("8/8/1k6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1")),
            "White to move, dead position: drawn\n");
  EXPECT_EQ(output::status_line(position("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1")), "White to move, in check\n");
  EXPECT_EQ(output::status_line(position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")),
            "White to move\n");
  output::DiagramOptions o;
  o.last_move = output::parse_last_move("e7e5");
  EXPECT_EQ(output::status_line(position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"), o),
            "White to move, last move e7-e5\n");
  // The text diagrams end with the same line.
  const Position mate = position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_NE(output::ascii_diagram(mate).find("checkmate: Black wins\n"), std::string::npos);
  EXPECT_EQ(output::ascii_diagram(mate).find("in check"), std::string::npos);
  EXPECT_NE(output::unicode_diagram(mate, true).find("checkmate: Black wins\n"), std::string::npos);
}

TEST(BoardDiagram, TextFlipAndNoCoordinates) {
  const Position start = position(kStartFen);
  output::DiagramOptions o;
  o.flip = true;
  std::string a = output::ascii_diagram(start, o);
  EXPECT_EQ(a.substr(0, a.find('\n')), "1  R N B K Q B N R");
  EXPECT_NE(a.find("8  r n b k q b n r\n   h g f e d c b a\nWhite to move\n"), std::string::npos) << a;
  std::string u = output::unicode_diagram(start, false, o);
  EXPECT_NE(u.find("   h g f e d c b a\n"), std::string::npos);
  o.flip = false;
  o.coordinates = false;
  a = output::ascii_diagram(start, o);
  EXPECT_EQ(a, "r n b q k b n r\np p p p p p p p\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n"
               ". . . . . . . .\nP P P P P P P P\nR N B Q K B N R\nWhite to move\n");
  u = output::unicode_diagram(start, true, o);
  EXPECT_EQ(u.find(" a  b  c"), std::string::npos);
  EXPECT_EQ(u.find("8 "), std::string::npos);
}

}  // namespace
}  // namespace chesstool
