// SPDX-License-Identifier: MIT
// parse_comment_commands(): one pass over the comment, each "[%name args]" tried in turn.
#include "pgn/comment_commands.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace chesstool::pgn {

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

// The offset of the first byte C in c at or after from, or npos: memchr itself, without
// the general substring search around it (most comments are a few bytes and hold no command).
template <char C>
std::size_t find_byte(std::string_view c, std::size_t from) {
  if (from >= c.size()) return std::string_view::npos;
  const void* hit = std::memchr(c.data() + from, C, c.size() - from);
  return hit ? static_cast<std::size_t>(static_cast<const char*>(hit) - c.data()) : std::string_view::npos;
}

// The offset of the first "[%" in c at or after from, or npos.
std::size_t find_command(std::string_view c, std::size_t from) {
  for (std::size_t open = find_byte<'['>(c, from); open != std::string_view::npos; open = find_byte<'['>(c, open + 1))
    if (open + 1 < c.size() && c[open + 1] == '%') return open;
  return std::string_view::npos;
}

// A sexagesimal field's tens digit, 0 to 5: minutes and seconds run from 00 to 59.
bool tens_of_sixty(char c) { return c >= '0' && c <= '5'; }

// The seconds of the 7 bytes "H:MM:SS" at s, as every clock of a lichess game is written;
// -1 when they are not that, minutes or seconds of 60 or more included (a double, not an
// optional: see lichess_clock). The same rule as parse_duration's, at the same cost.
double hms_seconds(const char* s) {
  if (!(s[1] == ':' && s[4] == ':' && digit(s[0]) && tens_of_sixty(s[2]) && digit(s[3]) && tens_of_sixty(s[5]) &&
        digit(s[6])))
    return -1;
  return double((s[0] - '0') * 3600 + ((s[2] - '0') * 10 + (s[3] - '0')) * 60 + (s[5] - '0') * 10 + (s[6] - '0'));
}

// "H:MM:SS", "M:SS" or either with a fraction after the seconds: seconds. The first field
// (hours, or minutes in "M:SS") is any whole number, within the 10^9 s limit; the minutes
// of H:MM:SS and the seconds are 0 to 59, so that "0:05:60" is no clock rather than
// 0:06:00 written another way.
std::optional<double> parse_duration(std::string_view s) {
  if (s.size() == 7) {  // "H:MM:SS" read at once
    if (const double seconds = hms_seconds(s.data()); seconds >= 0) return seconds;
  }
  double total = 0;
  int fields = 0;
  std::size_t i = 0;
  while (true) {
    std::size_t start = i;
    std::int64_t field = 0;  // whole numbers: no strtod (validate reads a clock per move)
    while (i < s.size() && digit(s[i])) {
      if (i - start == 12) return std::nullopt;  // far past 10^9 s, the limit below
      field = field * 10 + (s[i] - '0');
      ++i;
    }
    if (i == start || (fields > 0 && field > 59)) return std::nullopt;
    total = total * 60 + double(field);
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
    // Whole seconds and fraction read as one decimal, so the number is the double nearest
    // to what was written and format_duration writes the same digits back.
    std::string number = total < 1e15 ? std::to_string(static_cast<long long>(total)) : "0";
    number.append(".").append(s.substr(start, i - start));
    total = total < 1e15 ? std::strtod(number.c_str(), nullptr) : total;
  }
  // At most 10^9 s (31 years): no clock is longer, and H:MM:SS stays exact.
  if (i != s.size() || fields < 2 || !(total <= 1e9)) return std::nullopt;
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

// An evaluation; with convert false only whether it reads and is within range (no strtod:
// validate asks that of every [%eval], and only convert's JSON needs the value).
std::optional<Eval> parse_eval(std::string_view s, bool convert = true) {
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
  // Pawns with an optional fraction, to centipawns. The whole pawns (held at most just past
  // 10^6) and whether the fraction is non-zero are read on the way, for the range test
  // without strtod.
  std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  const std::size_t int_start = i;
  std::int64_t whole = 0;
  for (; i < s.size() && digit(s[i]); ++i)
    if (whole <= 1000000) whole = whole * 10 + (s[i] - '0');
  bool any = i > int_start;
  bool fraction = false;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const std::size_t f = i;
    for (; i < s.size() && digit(s[i]); ++i) fraction = fraction || s[i] != '0';
    any = any || i > f;
  }
  if (!any || i != s.size() || s.size() > 12) return std::nullopt;
  if (!convert) {
    // The range test below, on the digits: more than 10^6 pawns is out of range.
    if (whole > 1000000 || (whole == 1000000 && fraction)) return std::nullopt;
    return e;
  }
  const double pawns = std::strtod(std::string(s).c_str(), nullptr);
  if (std::fabs(pawns) > 1e6) return std::nullopt;  // centipawns must fit an int
  e.cp = int(std::lround(pawns * 100));
  return e;
}

bool square(std::string_view s) { return s.size() == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'; }

// Comma-separated items of a %cal or %csl: a colour letter and one or two squares. At
// least one, and no empty item: a comma at either end or doubled ("Gd4,") is malformed.
// An arrow joins two different squares ("Ge2e2" is malformed, as board --arrow says: the
// GUIs that write these draw a circle, %csl, for a square marked alone).
template <class Item, class Make>
bool parse_list(std::string_view s, std::size_t squares, std::vector<Item>& out, Make make) {
  std::vector<Item> items;
  while (true) {
    const std::size_t comma = s.find(',');
    std::string_view item = s.substr(0, comma);
    if (item.size() != 1 + 2 * squares || !(item[0] >= 'A' && item[0] <= 'Z')) return false;
    for (std::size_t k = 0; k < squares; ++k)
      if (!square(item.substr(1 + 2 * k, 2))) return false;
    if (squares == 2 && item.substr(1, 2) == item.substr(3, 2)) return false;
    items.push_back(make(item));
    if (comma == std::string_view::npos) break;
    s = s.substr(comma + 1);
  }
  out.insert(out.end(), items.begin(), items.end());
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Whether a blank comes between the '%' of the command opened at c[open] and its name
// (trimmed by for_each_command): "[% clk 0:05:00]" is no command of that name, and
// malformed when the name is one read.
bool spaced_name(std::string_view c, std::size_t open, std::string_view name) {
  return name.data() != c.data() + open + 2;
}

// Calls f(name, args, open, close) for each "[%name args]" of c, open and close being
// the offsets of its '[' and ']'; returns the offset where the text after the last one
// starts.
template <class F>
std::size_t for_each_command(std::string_view c, F&& f) {
  std::size_t i = 0;
  while (i < c.size()) {
    const std::size_t open = find_command(c, i);
    const std::size_t close = open == std::string_view::npos ? open : find_byte<']'>(c, open);
    if (close == std::string_view::npos) break;
    const std::string_view body = trim(c.substr(open + 2, close - open - 2));
    const std::size_t space = body.find_first_of(" \t\r\n");
    const std::string_view name = body.substr(0, space);
    const std::string_view args = space == std::string_view::npos ? std::string_view() : trim(body.substr(space));
    f(name, args, open, close);
    i = close + 1;
  }
  return i;
}

// " [%clk H:MM:SS] ", the whole comment lichess writes after every move as the lexer
// passes it (the blanks inside the braces kept): its seconds, read byte by byte; -1 when
// c is not exactly that. (A double, not an optional: on the path of every comment, GCC
// copied the optional through the stack in a way that stalled each call.)
double lichess_clock(std::string_view c) {
  if (c.size() != 16) return -1;
  const char* s = c.data();
  if (!(s[0] == ' ' && s[1] == '[' && s[2] == '%' && s[3] == 'c' && s[4] == 'l' && s[5] == 'k' && s[6] == ' ' &&
        s[14] == ']' && s[15] == ' '))
    return -1;
  return hms_seconds(s + 7);
}

}  // namespace

CommentScan scan_comment(std::string_view c) {
  // Returned as built: zeroing `out` first took a "rep stos" on lichess's every clock.
  if (const double seconds = lichess_clock(c); seconds >= 0) return CommentScan{seconds, {}, 1};
  CommentScan out;
  const std::size_t first = find_command(c, 0);
  if (first == std::string_view::npos) return out;  // most engine notes: no command
  // A clock that ends the comment, as every server writes it ("{ [%clk 0:05:00] }" after
  // each move of a lichess game): read in place. A duration holds no bracket, so it is the
  // one command the search below would find, with the same clock.
  if (const std::string_view t = trim(c.substr(first)); t.size() > 7 && t[2] == 'c' && t[3] == 'l' && t[4] == 'k' &&
                                                        (t[5] == ' ' || t[5] == '\t') && t.back() == ']')
    if ((out.clock = parse_duration(trim(t.substr(6, t.size() - 7))))) {
      out.clock_at = first;
      return out;
    }
  for_each_command(c, [&](std::string_view name, std::string_view args, std::size_t open, std::size_t close) {
    const bool spaced = spaced_name(c, open, name);
    bool ok = true, known = true;
    if (name == "clk") {
      const std::optional<double> v = parse_duration(args);
      ok = v.has_value();
      if (v && !spaced) {
        out.clock = v;
        out.clock_at = open;
      }
    } else if (name == "emt") {
      ok = parse_duration(args).has_value();
    } else if (name == "eval") {
      ok = parse_eval(args, false).has_value();
    } else if (name == "cal") {
      std::vector<Arrow> arrows;
      ok = parse_list(args, 2, arrows, [](std::string_view) { return Arrow{}; });
    } else if (name == "csl") {
      std::vector<Highlight> squares;
      ok = parse_list(args, 1, squares, [](std::string_view) { return Highlight{}; });
    } else {
      known = false;
    }
    if (spaced && known) ok = false;  // "[% clk 0:05:00]"
    if (!ok) out.malformed.push_back(c.substr(open, close + 1 - open));
  });
  return out;
}

CommentData parse_comment_commands(std::string_view c) {
  CommentData d;
  std::string rest;
  bool any = false;
  std::size_t done = 0;  // the text before it is in rest
  const std::size_t tail = for_each_command(c, [&](std::string_view name, std::string_view args, std::size_t open,
                                                   std::size_t close) {
    rest += c.substr(done, open - done);
    bool ok = false;
    if (spaced_name(c, open, name)) {
      // not read: "[% clk 0:05:00]" stays text as written
    } else if (name == "clk") {
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
    done = close + 1;
  });
  rest += c.substr(std::min(tail, c.size()));
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

std::string format_duration(double seconds) {
  const double whole = std::floor(seconds);
  const auto total = static_cast<unsigned long long>(whole);
  std::string out = std::to_string(total / 3600);
  const unsigned long long mm = total / 60 % 60, ss = total % 60;
  out += mm < 10 ? ":0" : ":";
  out += std::to_string(mm);
  out += ss < 10 ? ":0" : ":";
  out += std::to_string(ss);
  if (seconds > whole) {
    // The fraction's digits as the shortest decimal that reads back as the same double.
    char buf[512];  // the longest fixed form of a double (about 330 characters) fits
    const auto r = std::to_chars(buf, buf + sizeof buf, seconds, std::chars_format::fixed);
    const std::string_view digits(buf, std::size_t(r.ptr - buf));
    if (const std::size_t dot = digits.find('.'); r.ec == std::errc() && dot != std::string_view::npos)
      out += digits.substr(dot);
  }
  return out;
}

std::string format_eval(const Eval& e) {
  std::string out;
  if (e.mate) {
    out.assign(1, '#').append(std::to_string(*e.mate));
  } else {
    const int cp = e.cp.value_or(0);
    const long long a = std::llabs(static_cast<long long>(cp));
    if (cp < 0) out += '-';
    out += std::to_string(a / 100);
    out += '.';
    out += char('0' + a % 100 / 10);
    if (a % 10) out += char('0' + a % 10);
  }
  if (e.depth) out.append(",").append(std::to_string(*e.depth));
  return out;
}

std::string render_comment_commands(const CommentData& d) {
  std::string out;
  auto command = [&out](std::string_view name, const std::string& args) {
    if (!out.empty()) out += ' ';
    out.append("[%").append(name).append(" ").append(args).append("]");
  };
  if (d.eval) command("eval", format_eval(*d.eval));
  if (d.clock) command("clk", format_duration(*d.clock));
  if (d.emt) command("emt", format_duration(*d.emt));
  std::string list;
  for (const Highlight& h : d.highlights) {
    if (!list.empty()) list += ',';
    list.append(1, h.color).append(h.square);
  }
  if (!list.empty()) command("csl", list);
  list.clear();
  for (const Arrow& a : d.arrows) {
    if (!list.empty()) list += ',';
    list.append(1, a.color).append(a.from).append(a.to);
  }
  if (!list.empty()) command("cal", list);
  if (!d.text.empty()) {
    if (!out.empty()) out += ' ';
    out += d.text;
  }
  return out;
}

bool is_canonical_clock_comment(std::string_view c) {
  // "[%clk " + hours (no leading zero, at most 5 digits: under the 10^9 s limit) + ":MM:SS]".
  constexpr std::string_view kOpen = "[%clk ";
  if (c.size() < kOpen.size() + 8 || c.substr(0, kOpen.size()) != kOpen || c.back() != ']') return false;
  const std::string_view time = c.substr(kOpen.size(), c.size() - kOpen.size() - 1);
  const std::size_t hours = time.size() - 6;  // ":MM:SS" ends it
  if (hours > 5 || (hours > 1 && time[0] == '0')) return false;
  for (std::size_t i = 0; i < hours; ++i)
    if (!digit(time[i])) return false;
  const std::string_view mmss = time.substr(hours);
  return mmss[0] == ':' && mmss[3] == ':' && mmss[1] >= '0' && mmss[1] <= '5' && digit(mmss[2]) && mmss[4] >= '0' &&
         mmss[4] <= '5' && digit(mmss[5]);
}

void strip_commands(CommentData& d, const StripCommands& strip) {
  if (strip.clk) d.clock.reset();
  if (strip.emt) d.emt.reset();
  if (strip.eval) d.eval.reset();
  if (strip.arrows) {
    d.arrows.clear();
    d.highlights.clear();
  }
}

}  // namespace chesstool::pgn
