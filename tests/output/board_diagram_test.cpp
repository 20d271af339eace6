// SPDX-License-Identifier: MIT
// Tests for output/board_diagram: SVG well-formedness and highlights, ASCII and Unicode diagrams, --last-move parsing.
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

}  // namespace
}  // namespace chesstool
