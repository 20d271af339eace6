// SPDX-License-Identifier: MIT
// parse_comment_commands(): one pass over the comment, each "[%name args]" tried in turn.
#include "pgn/comment_commands.hpp"

#include <cmath>
#include <cstdlib>

namespace chesstool::pgn {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// "H:MM:SS", "M:SS" or either with a fraction: seconds.
std::optional<double> parse_duration(std::string_view s) {
  double total = 0;
  int fields = 0;
  std::size_t i = 0;
  while (true) {
    std::size_t start = i;
    while (i < s.size() && digit(s[i])) ++i;
    if (i == start) return std::nullopt;
    total = total * 60 + std::strtod(std::string(s.substr(start, i - start)).c_str(), nullptr);
    ++fields;
    if (i < s.size() && s[i] == ':' && fields < 3) {
      ++i;
      continue;
    }
    break;
  }
  if (i < s.size() && s[i] == '.') {
    std::size_t start = ++i;
    while (i < s.size() && digit(s[i])) ++i;
    if (i == start) return std::nullopt;
    total += std::strtod(("0." + std::string(s.substr(start, i - start))).c_str(), nullptr);
  }
  if (i != s.size() || fields < 2) return std::nullopt;
  return total;
}

std::optional<int> parse_int(std::string_view s) {
  bool neg = !s.empty() && (s[0] == '-' || s[0] == '+');
  std::string_view d = neg ? s.substr(1) : s;
  if (d.empty() || d.size() > 6) return std::nullopt;
  int v = 0;
  for (char c : d) {
    if (!digit(c)) return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return s[0] == '-' ? -v : v;
}

std::optional<Eval> parse_eval(std::string_view s) {
  Eval e;
  const std::size_t comma = s.find(',');
  if (comma != std::string_view::npos) {
    e.depth = parse_int(s.substr(comma + 1));
    if (!e.depth || *e.depth < 0) return std::nullopt;
    s = s.substr(0, comma);
  }
  if (!s.empty() && s[0] == '#') {
    e.mate = parse_int(s.substr(1));
    return e.mate ? std::optional<Eval>(e) : std::nullopt;
  }
  // Pawns with an optional fraction, to centipawns.
  std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  const std::size_t int_start = i;
  while (i < s.size() && digit(s[i])) ++i;
  bool any = i > int_start;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const std::size_t f = i;
    while (i < s.size() && digit(s[i])) ++i;
    any = any || i > f;
  }
  if (!any || i != s.size() || s.size() > 12) return std::nullopt;
  e.cp = int(std::lround(std::strtod(std::string(s).c_str(), nullptr) * 100));
  return e;
}

bool square(std::string_view s) { return s.size() == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'; }

// Comma-separated items of a %cal or %csl: a colour letter and one or two squares.
template <class Item, class Make>
bool parse_list(std::string_view s, std::size_t squares, std::vector<Item>& out, Make make) {
  std::vector<Item> items;
  while (!s.empty()) {
    const std::size_t comma = s.find(',');
    std::string_view item = s.substr(0, comma);
    s = comma == std::string_view::npos ? std::string_view() : s.substr(comma + 1);
    if (item.size() != 1 + 2 * squares || !(item[0] >= 'A' && item[0] <= 'Z')) return false;
    for (std::size_t k = 0; k < squares; ++k)
      if (!square(item.substr(1 + 2 * k, 2))) return false;
    items.push_back(make(item));
  }
  if (items.empty()) return false;
  out.insert(out.end(), items.begin(), items.end());
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

CommentData parse_comment_commands(std::string_view c) {
  CommentData d;
  std::string rest;
  bool any = false;
  std::size_t i = 0;
  while (i < c.size()) {
    const std::size_t open = c.find("[%", i);
    const std::size_t close = open == std::string_view::npos ? open : c.find(']', open);
    if (close == std::string_view::npos) {
      rest += c.substr(i);
      break;
    }
    rest += c.substr(i, open - i);
    const std::string_view body = trim(c.substr(open + 2, close - open - 2));
    const std::size_t space = body.find_first_of(" \t");
    const std::string_view name = body.substr(0, space);
    const std::string_view args = space == std::string_view::npos ? std::string_view() : trim(body.substr(space));
    bool ok = false;
    if (name == "clk") {
      if (auto v = parse_duration(args)) d.clock = *v, ok = true;
    } else if (name == "emt") {
      if (auto v = parse_duration(args)) d.emt = *v, ok = true;
    } else if (name == "eval") {
      if (auto v = parse_eval(args)) d.eval = *v, ok = true;
    } else if (name == "cal") {
      ok = parse_list(args, 2, d.arrows, [](std::string_view it) {
        return Arrow{it[0], std::string(it.substr(1, 2)), std::string(it.substr(3, 2))};
      });
    } else if (name == "csl") {
      ok = parse_list(args, 1, d.highlights, [](std::string_view it) { return Highlight{it[0], std::string(it.substr(1, 2))}; });
    }
    if (!ok) rest += c.substr(open, close + 1 - open);
    any = any || ok;
    i = close + 1;
  }
  // A comment without commands stays exactly as it was.
  if (!any) {
    d.text = std::string(c);
    return d;
  }
  // Whitespace runs left where commands were become one space.
  std::string text;
  for (char ch : rest) {
    const bool blank = ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
    if (blank) {
      if (!text.empty() && text.back() != ' ') text += ' ';
    } else {
      text += ch;
    }
  }
  if (!text.empty() && text.back() == ' ') text.pop_back();
  d.text = std::move(text);
  return d;
}

}  // namespace chesstool::pgn
