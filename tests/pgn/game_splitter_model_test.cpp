// SPDX-License-Identifier: MIT
// The GameSplitter (which skips most bytes 16 at a time) against a plain byte-by-byte
// model of the splitting rules written in its header, on random token soups and with
// reads cut at every size.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "pgn/game_splitter.hpp"
#include "io/source.hpp"

namespace chesstool::pgn {
namespace {

struct ModelGame {
  std::string text;
  std::uint64_t line = 0, column = 0, offset = 0;
};

// Blanks between games and at the ends of a game's text; inside a game a NUL is one too
// (is_blank), but between games it starts a game, and a game's text keeps it; before a
// game's first tag or movetext it is text.
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }
bool is_blank(char c) { return is_space(c) || c == '\0'; }
bool ends_symbol(char c) {
  return is_blank(c) || c == '\n' || c == '\r' || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' ||
         c == ']' || c == ';' || c == '*' || c == '"' || c == '$';
}

// At s[i] == '[': '[', blanks, a name (letter, digit or '_', then symbol bytes), blanks, '"'.
bool is_tag_pair_start(const std::string& s, std::size_t i) {
  std::size_t j = i + 1;
  while (j < s.size() && is_blank(s[j])) ++j;
  if (j == s.size()) return false;
  const char c = s[j];
  if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  while (j < s.size() && !ends_symbol(s[j])) ++j;
  while (j < s.size() && is_blank(s[j])) ++j;
  return j < s.size() && s[j] == '"';
}

// A move number ("12.") or a move in SAN: what starts a game after a marker on its line.
// Written apart from detail::starts_a_game, as a regular expression.
bool looks_like_game_start(const std::string& w) {
  static const std::regex re("[0-9]+\\..*|(O-O|O-O-O|0-0|0-0-0|[KQRBN][a-h1-8x]{0,3}[a-h][1-8]|[a-h](x[a-h])?[1-8]=?[QRBNqrbn]?)[+#!?]*");
  return std::regex_match(w, re);
}

// The name of the tag pair at s[i] == '[': after blanks, up to a blank, quote, ']' or line end.
std::string tag_name(const std::string& s, std::size_t i) {
  std::size_t j = i + 1;
  while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) ++j;
  const std::size_t start = j;
  while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != '"' && s[j] != ']' && s[j] != '\n' && s[j] != '\r') ++j;
  return s.substr(start, j - start);
}

// The rules of GameSplitter, one byte at a time over the whole input.
// comment_cuts, if given, counts the games ended by a tag pair line inside a comment, and
// bom_cuts those ended by a BOM that does not start its line.
std::vector<ModelGame> model_split(const std::string& s, int* comment_cuts = nullptr, int* bom_cuts = nullptr) {
  std::vector<ModelGame> games;
  const std::size_t n = s.size();
  std::size_t i = 0;
  std::uint64_t line = 1, line_start = 0;
  bool line_blank = true, empty_line = false;
  auto newline = [&](std::size_t at) {
    if (!(s[at] == '\n' && at > 0 && s[at - 1] == '\r')) {
      ++line;
      if (line_blank) empty_line = true;
    }
    line_start = at + 1;
    line_blank = true;
  };
  auto is_bom_at = [&](std::size_t at) { return at + 2 < n && s.compare(at, 3, "\xEF\xBB\xBF") == 0; };
  auto emit = [&](std::size_t start, std::size_t end, std::uint64_t gline, std::uint64_t gcol) {
    for (;;) {
      while (end > start && (is_space(s[end - 1]) || s[end - 1] == '\n' || s[end - 1] == '\r')) --end;
      // A BOM beginning the line after the game belongs to the next file, not the game.
      if (end - start >= 4 && s.compare(end - 3, 3, "\xEF\xBB\xBF") == 0 && (s[end - 4] == '\n' || s[end - 4] == '\r')) {
        end -= 3;
        continue;
      }
      break;
    }
    // A game starting with '%' not in column 1 keeps one blank before it.
    if (s[start] == '%' && gcol != 1) {
      std::string text(1, ' ');  // (not " " + substr(): GCC 12 warns of a bogus memcpy bound there)
      text.append(s, start, end - start);
      games.push_back({std::move(text), gline, gcol - 1, start - 1});
      return;
    }
    games.push_back({s.substr(start, end - start), gline, gcol, start});
  };
  while (i < n) {
    // Between games.
    const char c = s[i];
    if (is_space(c)) { ++i; continue; }
    if (c == '\n' || c == '\r') { newline(i++); continue; }
    if (c == '\xEF' && i + 2 < n && s[i + 1] == '\xBB' && s[i + 2] == '\xBF') {
      if (i == line_start) line_start += 3;
      i += 3;
      continue;
    }
    // An escape line is skipped, unless it holds a NUL: then a game starts at its '%'.
    if (c == '%' && i == line_start) {
      std::size_t e = i;
      while (e < n && s[e] != '\n' && s[e] != '\r') ++e;
      if (s.find('\0', i) >= e) {
        i = e;
        continue;
      }
    }
    const std::size_t start = i;
    const std::uint64_t gline = line, gcol = i - line_start + 1;
    bool movetext = s[start] == '\0', tagged = false;  // a NUL between games starts a game of text
    if (s[start] == '\0') empty_line = false;  // the empty lines before it were between games
    std::set<std::string> tag_names;
    std::uint64_t depth = 0;
    std::size_t end = n;
    while (i < n) {
      const char d = s[i];
      if (is_blank(d)) {
        if (d == '\0' && !tagged) movetext = true;  // before the first tag or movetext: text
        ++i;
        continue;
      }
      if (d == '\n' || d == '\r') { newline(i++); continue; }
      if (i == line_start && is_bom_at(i)) {  // a BOM at a line start: the line starts after it
        line_start += 3;
        i += 3;
        continue;
      }
      if (is_bom_at(i)) {
        // Anywhere else before a '[' on its line, a file joined by cat: the next game.
        // Otherwise a blank that is no blank line's (the parser reports it).
        std::size_t q = i + 3;
        while (q < n && (s[q] == ' ' || s[q] == '\t' || is_bom_at(q))) q += is_bom_at(q) ? 3 : 1;
        if (q < n && s[q] == '[') {
          if (bom_cuts != nullptr) ++*bom_cuts;
          end = i;
          break;
        }
        line_blank = false;
        empty_line = false;
        i += 3;
        continue;
      }

      const bool was_blank = line_blank, after_empty = empty_line;
      line_blank = false;
      empty_line = false;
      if (d == '%' && i == line_start) {
        const std::size_t from = i;
        while (i < n && s[i] != '\n' && s[i] != '\r') ++i;
        // A NUL in it before the first tag or movetext is text, as a blank one there.
        if (!tagged && s.find('\0', from) < i) movetext = true;
        continue;
      }
      if (d == '{') {
        // The first '}' closes it, unless a tag pair line right after an empty line
        // comes first: then the game ends before that line's '[', or before the ';' lines
        // between the empty line and it (the next game's comment lines).
        bool line_has_text = true, last_line_empty = false, cut = false;
        std::size_t semicolon_at = std::string::npos;  // the first of those ';' lines
        bool semicolon_line = false;                    // the current line is one
        std::uint64_t semicolon_line_no = 0, semicolon_line_start = 0;  // line and line_start there
        for (++i; i < n && s[i] != '}'; ++i) {
          if (s[i] == '\n' || s[i] == '\r') {
            if (!(s[i] == '\n' && s[i - 1] == '\r')) {  // the LF of a CRLF ends no line
              last_line_empty = !line_has_text;
              if (!line_has_text && !semicolon_line) semicolon_at = std::string::npos;  // an empty line
              line_has_text = false;
              semicolon_line = false;
            }
            newline(i);
            continue;
          }
          if (is_blank(s[i])) continue;
          if (i == line_start && is_bom_at(i)) {  // as in movetext
            line_start += 3;
            i += 2;
            continue;
          }
          if (!line_has_text && last_line_empty && s[i] == '[' && is_tag_pair_start(s, i)) {
            cut = true;
            break;
          }
          if (!line_has_text && last_line_empty && s[i] == ';') {
            // To its line end, which keeps last_line_empty; a '}' on it closes the comment.
            if (semicolon_at == std::string::npos) {
              semicolon_at = i;
              semicolon_line_no = line;
              semicolon_line_start = line_start;
            }
            semicolon_line = true;
            while (i + 1 < n && s[i + 1] != '}' && s[i + 1] != '\n' && s[i + 1] != '\r') ++i;
            if (i + 1 < n && s[i + 1] == '}') semicolon_at = std::string::npos;
            continue;
          }
          line_has_text = true;
          semicolon_at = std::string::npos;
        }
        if (cut) {
          if (comment_cuts != nullptr) ++*comment_cuts;
          end = i;
          if (semicolon_at != std::string::npos) {  // read again from there, its lines counted once more
            end = semicolon_at;
            line = semicolon_line_no;
            line_start = semicolon_line_start;
          }
          break;
        }
        if (i < n) ++i;
        // Like any token, a comment ends a run of empty lines; those inside it do not count.
        line_blank = false;
        empty_line = false;
        continue;
      }
      if (d == ';') {
        while (i < n && s[i] != '\n' && s[i] != '\r') ++i;
        continue;
      }
      if (d == '[') {
        if (movetext && was_blank) { end = i; break; }
        if (tagged && was_blank && after_empty && tag_names.count(tag_name(s, i)) != 0 && !tag_name(s, i).empty()) {
          end = i;  // a game of tags only: the next one repeats one of its tags
          break;
        }
        tagged = true;
        tag_names.insert(tag_name(s, i));
        enum { Tag, Str, Esc } st = Tag;
        for (++i; i < n && s[i] != '\n' && s[i] != '\r'; ++i) {
          if (st == Esc) { st = Str; continue; }
          if (st == Str) { if (s[i] == '"') st = Tag; else if (s[i] == '\\') st = Esc; continue; }
          if (s[i] == '"') st = Str;
          if (s[i] == ']') { ++i; break; }
        }
        continue;
      }
      const bool had_movetext = movetext;
      movetext = true;
      // After a marker at depth 0 the rest of its line: closed comments and text that
      // starts no game ('[', "1.", a comment running on) belong to the game.
      // After a marker at depth 0, token by token to its line end: closed comments, ';'
      // comments and text belong to the game; the line end, '[', a move number or move (at
      // most 16 bytes) or a comment running on to another line end it.
      auto after_marker = [&](std::size_t from) {
        std::size_t q = from;
        for (;;) {
          while (q < n && is_blank(s[q])) ++q;
          if (q == n || s[q] == '\n' || s[q] == '\r' || s[q] == '[') return q;
          if (s.compare(q, 3, "\xEF\xBB\xBF") == 0) return q;  // a concatenated file's BOM
          if (s[q] == '{') {
            std::size_t close = q + 1;
            while (close < n && s[close] != '}' && s[close] != '\n' && s[close] != '\r') ++close;
            if (close == n || s[close] != '}') return q;
            q = close + 1;
            continue;
          }
          if (s[q] == ';') {
            while (q < n && s[q] != '\n' && s[q] != '\r') ++q;
            continue;
          }
          if (s[q] == '$' || !ends_symbol(s[q])) {
            std::size_t e = s[q] == '$' ? q + 1 : q;
            while (e < n && !ends_symbol(s[e]) && !is_bom_at(e)) ++e;
            if (s[q] != '$' && e - q <= 16 && looks_like_game_start(s.substr(q, e - q))) return q;
            q = e;
            continue;
          }
          ++q;  // a parenthesis, '*', a stray byte
        }
      };
      if (d == '(') { ++depth; ++i; continue; }
      if (d == ')') { if (depth > 0) --depth; ++i; continue; }
      if (d == '*') { ++i; if (depth == 0) { end = after_marker(i); break; } continue; }
      if (d == '}' || d == ']' || d == '"') { ++i; continue; }
      // A symbol, or '$' and the symbol glued to it, up to a BOM too.
      const std::size_t sym = i++;
      while (i < n && !ends_symbol(s[i]) && !is_bom_at(i)) ++i;
      const std::string word = s.substr(sym, i - sym);
      if (d == '1' && had_movetext && depth == 0 && was_blank && after_empty && word.size() >= 2 && word[1] == '.' &&
          (word.size() == 2 || word[2] != '.')) {
        end = sym;
        i = sym;
        break;
      }
      // A marker, alone or glued to a move number's periods ("2.1-0", "3...0-1").
      std::size_t digits = 0;
      while (digits < word.size() && word[digits] >= '0' && word[digits] <= '9') ++digits;
      std::size_t marker = 0;
      if (digits > 0 && digits < word.size() && word[digits] == '.') {
        marker = digits;
        while (marker < word.size() && word[marker] == '.') ++marker;
      }
      const std::string tail = word.substr(marker);
      if (depth == 0 && (tail == "1-0" || tail == "0-1" || tail == "1/2-1/2")) { end = after_marker(i); break; }
    }
    emit(start, end, gline, gcol);
    i = end;
  }
  return games;
}

// The input as a C string literal, for failure messages.
std::string escaped(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c == '"' || c == '\\') { out += '\\'; out += c; }
    else if (u < 0x20 || u >= 0x7F) { char hex[8]; std::snprintf(hex, sizeof hex, "\\x%02X", u); out += hex; }
    else out += c;
  }
  return out + "\"";
}

std::vector<RawGame> model_split(const std::string& data, std::size_t max_read) {
  io::ByteSource src = io::ByteSource::from_memory(data, "<test>", max_read);
  GameSplitter splitter(src);
  std::vector<RawGame> games;
  RawGame g;
  while (splitter.next(g)) games.push_back(g);
  return games;
}

std::string random_soup(std::mt19937& rng) {
  using namespace std::string_literals;
  static const std::vector<std::string> pieces = {
      "1.", "1. ", "1...", "12.", "e4", "Nf3", "O-O", "O-O-O", "0-0", "1-0", "0-1", "1/2-1/2", "*", "$1",
      "2.1-0", "3...0-1", "4.1/2-1/2", ".1-0", "2.1-0x",
      "$1-0", "a1-0", "1-0-0", "e5+", "{", "}", "{c}", "{ [%clk 0:01] }", "(", ")", "[", "]", "\"", "\\",
      "[Event \"x\"]", "[A \"1-0 ]\"]", ";", "; 1-0", "%", "% esc", " ", " ", " ", "  ", "\t", "\n", "\n",
      "\n\n", "\r", "\r\n", "\r\n\r\n", "\xEF\xBB\xBF", "-", "--", "x", "1", "1\n1.", "Qxd8-",
      // Tag pair lines and near misses, for the rule that cuts an open comment.
      "\n\n[Event \"", "\r\n \t\r\n[Site \"x\"]", "\n\n  [ _a\"", "\r\r[9-x \"", "[E\"", "[E", "[ ",
      "\n \n[-x \"", "\n\n[\xC3\xA9 \"", "\n\n[A \n\"", "\n\n[A }\"", "{ open\n\n",
      // ';' lines between the empty line and the tag pair line (annotate's warning line).
      "\n\n; w\n[Event \"", "\r\n\r\n ; a\r\n;b\r\n[S \"", "\n\n; x } y\n[E \"", "\n\n;", "; c\n",
      // NUL bytes (a blank in a game, a game's start between games) and BOMs glued to
      // tokens or cut short, for the rules of both.
      "\0"s, "\0\0"s, "e4\0"s, "\0" "1-0"s, "\0-"s, "\n\0\n"s, "[\0E\0 \"x\"]\0"s, "\n \0\n[Event \""s, "\xEF\xBB\xBF[E \"x\"]", "\xEF\xBB\xBF \t[A \"y\"]", "\xEF\xBB\xBF\xEF\xBB\xBF[",
      "\xEF\xBB\xBF" "1.", "e5\xEF\xBB\xBF", "\xEF\xBB", "\xEF", "\xEF\xBC\x8B", "1-0\xEF\xBB\xBF",
  };
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> length(0, 120);
  std::string s;
  for (int k = length(rng); k > 0; --k) s += pieces[pick(rng)];
  return s;
}

TEST(GameSplitterModel, AgreesWithByteByByteRulesOnRandomInput) {
  std::mt19937 rng(20261129);
  int comment_cuts = 0, bom_cuts = 0, nul_games = 0;
  for (int round = 0; round < 4000; ++round) {
    const std::string input = random_soup(rng);
    const auto expected = model_split(input, &comment_cuts, &bom_cuts);
    for (const auto& g : expected) nul_games += g.text.find('\0') != std::string::npos ? 1 : 0;
    for (const std::size_t max_read : {static_cast<std::size_t>(-1), std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{5},
                                       std::size_t{7}, std::size_t{17}}) {
      const auto games = model_split(input, max_read);
      auto listing = [](const auto& list) {
        std::string out;
        // (append, not "[" + ...: GCC 12 warns of a bogus memcpy bound in that inlined insert)
        for (const auto& g : list) out.append("[").append(escaped(g.text)).append("] ");
        return out;
      };
      ASSERT_EQ(games.size(), expected.size()) << "input: " << escaped(input) << "\nmax_read " << max_read
                                               << "\nsplitter: " << listing(games) << "\nmodel: " << listing(expected);
      for (std::size_t g = 0; g < games.size(); ++g) {
        ASSERT_EQ(games[g].text, expected[g].text) << "input: " << escaped(input) << "\ngame " << g;
        ASSERT_EQ(games[g].line, expected[g].line) << "input: " << escaped(input) << "\ngame " << g;
        ASSERT_EQ(games[g].column, expected[g].column) << "input: " << escaped(input) << "\ngame " << g;
        ASSERT_EQ(games[g].byte_offset, expected[g].offset) << "input: " << escaped(input) << "\ngame " << g;
      }
    }
  }
  // The soups must reach the open-comment rule, the BOM rule and NULs often enough to test them.
  EXPECT_GE(comment_cuts, 500);
  EXPECT_GE(bom_cuts, 500);
  EXPECT_GE(nul_games, 500);
}

TEST(GameSplitterModel, ResultSymbolsFoundFromTheirMinusSign) {
  // The fast path finds markers by their '-': check the symbol around it is read whole.
  EXPECT_EQ(model_split("1. e4 $1-0 e5 a1-0 1-0-0 O-O-O 1-0 2. d4 *", -1).size(), 2u);
  EXPECT_EQ(model_split("1. e4 e5 (2. Nf3 1-0) 2. d4 0-1", -1).size(), 1u);
  EXPECT_EQ(model_split("1. e4 e5 2. Nf3)1-0 d4 *", -1)[0].text, "1. e4 e5 2. Nf3)1-0");
}

TEST(GameSplitterModel, AgreesOnMarkersGluedToABom) {
  // The random soups make these seldom: each marker before a BOM, at every read size.
  for (const std::string input : {"1. e4 1-0\xEF\xBB\xBF[Event \"b\"]\n1. d4 0-1\xEF\xBB\xBF" "1. c4 1/2-1/2\xEF\xBB\xBF",
                                   "e4 $1-0\xEF\xBB\xBF a1-0\xEF\xBB\xBF (1-0\xEF\xBB\xBF) 0-1\xEF\xBB\xBFx 1-0\xEF\xBB *"}) {
    const auto expected = model_split(input);
    for (std::size_t max_read = 1; max_read <= 8; ++max_read) {
      const auto games = model_split(input, max_read);
      ASSERT_EQ(games.size(), expected.size()) << escaped(input) << " " << max_read;
      for (std::size_t g = 0; g < games.size(); ++g) {
        EXPECT_EQ(games[g].text, expected[g].text) << escaped(input) << " " << max_read;
        EXPECT_EQ(games[g].column, expected[g].column) << escaped(input) << " " << max_read;
      }
    }
  }
  EXPECT_EQ(model_split("1. e4 1-0\xEF\xBB\xBF[Event \"b\"]\n1. d4 0-1\xEF\xBB\xBF" "1. c4 1/2-1/2\xEF\xBB\xBF").size(), 3u);
}

}  // namespace
}  // namespace chesstool::pgn
