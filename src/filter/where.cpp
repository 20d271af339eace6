// SPDX-License-Identifier: MIT
// The --where language: a hand-written lexer and recursive-descent parser with column-accurate
// errors, value comparison by number, date or bytes, and RE2 for `~`.
#include "filter/where.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <charconv>
#include <utility>

namespace chesstool::filter {

namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = char(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = char(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

// Date, EventDate, UTCDate, ...: compared as dates (PGN spec 8.1.1.3, 9.1.2, 9.4.1).
bool is_date_tag(std::string_view name) {
  return name.size() >= 4 && name.substr(name.size() - 4) == "Date";
}

// A date part of exactly `width` digits, or all '?' (unknown: 0, as is a part of zeros, which no
// calendar date has and some databases write for an unknown month or day).
std::optional<int> date_part(std::string_view s, std::size_t width) {
  if (s.size() != width) return std::nullopt;
  if (std::all_of(s.begin(), s.end(), [](char c) { return c == '?'; })) return 0;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

template <class T>
bool apply(CompareOp op, const T& a, const T& b) {
  switch (op) {
    case CompareOp::Eq: return a == b;
    case CompareOp::Ne: return !(a == b);
    case CompareOp::Lt: return a < b;
    case CompareOp::Le: return !(b < a);
    case CompareOp::Gt: return b < a;
    case CompareOp::Ge: return !(a < b);
    case CompareOp::Match: return false;
  }
  return false;
}

bool apply_order(CompareOp op, int c) {
  switch (op) {
    case CompareOp::Eq: return c == 0;
    case CompareOp::Ne: return c != 0;
    case CompareOp::Lt: return c < 0;
    case CompareOp::Le: return c <= 0;
    case CompareOp::Gt: return c > 0;
    case CompareOp::Ge: return c >= 0;
    case CompareOp::Match: return false;
  }
  return false;
}

// 1-based column in characters (UTF-8 continuation bytes do not count) of byte offset at.
std::size_t column_of(std::string_view text, std::size_t at) {
  std::size_t col = 1;
  for (std::size_t i = 0; i < at && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++col;
  return col;
}

std::unique_ptr<re2::RE2> compile(const std::string& pattern) {
  re2::RE2::Options options;
  options.set_log_errors(false);
  return std::make_unique<re2::RE2>(pattern, options);
}

}  // namespace

std::string_view op_text(CompareOp op) {
  switch (op) {
    case CompareOp::Eq: return "=";
    case CompareOp::Ne: return "!=";
    case CompareOp::Lt: return "<";
    case CompareOp::Le: return "<=";
    case CompareOp::Gt: return ">";
    case CompareOp::Ge: return ">=";
    case CompareOp::Match: return "~";
  }
  return "?";
}

std::optional<TagDate> parse_tag_date(std::string_view text) {
  TagDate d;
  std::size_t dot1 = text.find('.');
  auto year = date_part(text.substr(0, dot1), 4);
  if (!year) return std::nullopt;
  d.year = *year;
  if (dot1 == std::string_view::npos) return d;
  std::string_view rest = text.substr(dot1 + 1);
  std::size_t dot2 = rest.find('.');
  auto month = date_part(rest.substr(0, dot2), 2);
  if (!month || *month > 12) return std::nullopt;
  d.month = *month;
  if (dot2 == std::string_view::npos) return d;
  auto day = date_part(rest.substr(dot2 + 1), 2);
  if (!day || *day > 31) return std::nullopt;
  d.day = *day;
  return d;
}

int compare_dates(const TagDate& a, const TagDate& b) {
  const int x[3] = {a.year, a.month, a.day}, y[3] = {b.year, b.month, b.day};
  for (int i = 0; i < 3; ++i) {
    if (x[i] == 0 || y[i] == 0) return 0;  // ?? matches anything from here on
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return 0;
}

std::optional<Decimal> parse_decimal(std::string_view text) {
  Decimal d;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) d.negative = text[i++] == '-';
  const std::size_t whole = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == whole) return std::nullopt;
  d.whole = text.substr(whole, i - whole);
  if (i < text.size() && text[i] == '.') {
    const std::size_t fraction = ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i == fraction) return std::nullopt;
    d.fraction = text.substr(fraction, i - fraction);
  }
  if (i != text.size()) return std::nullopt;
  // One spelling per value: "007.50" is "7.5", "-0" is "0".
  while (d.whole.size() > 1 && d.whole.front() == '0') d.whole.remove_prefix(1);
  while (!d.fraction.empty() && d.fraction.back() == '0') d.fraction.remove_suffix(1);
  if (d.whole == "0" && d.fraction.empty()) d.negative = false;
  return d;
}

int compare_decimals(const Decimal& a, const Decimal& b) {
  if (a.negative != b.negative) return a.negative ? -1 : 1;
  // Digit by digit, so that no value is rounded (a double holds 15 to 17 digits).
  int c = a.whole.size() != b.whole.size() ? (a.whole.size() < b.whole.size() ? -1 : 1) : a.whole.compare(b.whole);
  if (c == 0) c = a.fraction.compare(b.fraction);  // no trailing zeros: as strings
  c = c < 0 ? -1 : c > 0 ? 1 : 0;
  return a.negative ? -c : c;
}

bool is_ordering(CompareOp op) { return op == CompareOp::Lt || op == CompareOp::Le || op == CompareOp::Gt || op == CompareOp::Ge; }

bool compare_values(std::string_view tag_name, std::string_view tag_value, CompareOp op, std::string_view value) {
  if (is_date_tag(tag_name)) {
    auto a = parse_tag_date(tag_value), b = parse_tag_date(value);
    if (a && b) return apply_order(op, compare_dates(*a, *b));
    if ((a || b) && is_ordering(op)) return false;  // "unknown" is not after 2020, nor 2020 before "abc"
  }
  auto x = parse_decimal(tag_value), y = parse_decimal(value);
  if (x && y) return apply_order(op, compare_decimals(*x, *y));
  if ((x || y) && is_ordering(op)) return false;  // "?" is not above 2000, nor 2650 below "abc"
  return apply(op, tag_value, value);
}

// ---------------------------------------------------------------------------------------

struct Where::Node {
  enum class Kind : std::uint8_t { Compare, And, Or, Not };
  Kind kind = Kind::Compare;
  CompareOp op = CompareOp::Eq;
  std::string tag;
  std::string value;
  // The value pre-parsed, so a game costs one parse of its tag only.
  bool date_tag = false;
  std::optional<TagDate> date;
  bool number = false;  // the value is a decimal number
  int regex = -1;                     // index into regexes_ for Match
  std::vector<std::size_t> children;  // And, Or: two or more; Not: one
};

Where::Where() = default;
Where::~Where() = default;
Where::Where(Where&&) noexcept = default;
Where& Where::operator=(Where&&) noexcept = default;

std::optional<std::string> Where::regex_error(const std::string& pattern) {
  auto re = compile(pattern);
  if (re->ok()) return std::nullopt;
  return re->error();
}

Where Where::comparison(std::string tag, CompareOp op, std::string value) {
  Where w;
  Node n;
  n.kind = Node::Kind::Compare;
  n.op = op;
  n.date_tag = is_date_tag(tag);
  n.date = parse_tag_date(value);
  n.number = parse_decimal(value).has_value();
  if (op == CompareOp::Match) {
    n.regex = 0;
    w.regexes_.push_back(compile(value));
  }
  n.tag = std::move(tag);
  n.value = std::move(value);
  w.nodes_.push_back(std::move(n));
  w.root_ = 0;
  return w;
}

std::size_t Where::import(const Where& other, std::size_t node) {
  const Node& src = other.nodes_[node];
  Node n = src;
  n.children.clear();
  for (std::size_t c : src.children) n.children.push_back(import(other, c));
  nodes_.push_back(std::move(n));
  return nodes_.size() - 1;
}

Where Where::all_of(std::vector<Where> parts) {
  if (parts.size() == 1) return std::move(parts.front());
  Where w;
  Node n;
  n.kind = Node::Kind::And;
  for (auto& p : parts) {
    const std::size_t regex_base = w.regexes_.size();
    for (auto& r : p.regexes_) w.regexes_.push_back(std::move(r));
    const std::size_t first = w.nodes_.size();
    std::size_t root = w.import(p, p.root_);
    for (std::size_t k = first; k < w.nodes_.size(); ++k)
      if (w.nodes_[k].regex >= 0) w.nodes_[k].regex += int(regex_base);
    n.children.push_back(root);
  }
  if (parts.empty()) {
    // The empty conjunction: always true (an Or of nothing would be false).
    n.kind = Node::Kind::Not;
    Node never;
    never.kind = Node::Kind::Or;
    w.nodes_.push_back(never);
    n.children.push_back(0);
  }
  w.nodes_.push_back(std::move(n));
  w.root_ = w.nodes_.size() - 1;
  return w;
}

Where Where::any_of(std::vector<Where> parts) {
  if (parts.size() == 1) return std::move(parts.front());
  Where w = all_of(std::move(parts));
  if (w.nodes_[w.root_].kind == Node::Kind::And) {
    w.nodes_[w.root_].kind = Node::Kind::Or;
  } else {
    // all_of of nothing is Not(Or()); any_of of nothing is Or(): false.
    w.nodes_.clear();
    Node never;
    never.kind = Node::Kind::Or;
    w.nodes_.push_back(never);
    w.root_ = 0;
  }
  return w;
}

bool Where::eval(std::size_t index, const TagSource& tags) const {
  const Node& n = nodes_[index];
  switch (n.kind) {
    case Node::Kind::And:
      for (std::size_t c : n.children)
        if (!eval(c, tags)) return false;
      return true;
    case Node::Kind::Or:
      for (std::size_t c : n.children)
        if (eval(c, tags)) return true;
      return false;
    case Node::Kind::Not: return !eval(n.children.front(), tags);
    case Node::Kind::Compare: break;
  }
  std::optional<std::string_view> v = tags.tag(n.tag);
  if (!v) return n.op == CompareOp::Ne;  // absent: only != holds
  if (n.op == CompareOp::Match) {
    return re2::RE2::PartialMatch(re2::StringPiece(v->data(), v->size()), *regexes_[std::size_t(n.regex)]);
  }
  // Ordered against a date or a number, a value that is none (an unknown "?", "", a
  // word) is neither before nor after it: false, as for a missing tag.
  // Either way round: a tag's 2650 is not below the value "abc" either (compare_values).
  if (n.date_tag) {
    const std::optional<TagDate> d = parse_tag_date(*v);
    if (d && n.date) return apply_order(n.op, compare_dates(*d, *n.date));
    if ((d || n.date) && is_ordering(n.op)) return false;
  }
  if (n.number) {
    if (auto x = parse_decimal(*v)) return apply_order(n.op, compare_decimals(*x, *parse_decimal(n.value)));
    if (is_ordering(n.op)) return false;
  } else if (is_ordering(n.op) && parse_decimal(*v)) {
    return false;
  }
  return apply(n.op, *v, std::string_view(n.value));
}

bool Where::matches(const TagSource& tags) const {
  if (nodes_.empty()) return true;
  return eval(root_, tags);
}

std::vector<std::string> Where::tag_names() const {
  std::vector<std::string> names;
  for (const Node& n : nodes_)
    if (n.kind == Node::Kind::Compare && std::find(names.begin(), names.end(), n.tag) == names.end())
      names.push_back(n.tag);
  return names;
}

void Where::write(std::size_t index, std::string& out) const {
  const Node& n = nodes_[index];
  switch (n.kind) {
    case Node::Kind::Compare: {
      out += n.tag;
      out += ' ';
      out += op_text(n.op);
      out += " \"";
      for (char c : n.value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      out += '"';
      return;
    }
    case Node::Kind::Not:
      out += "not ";
      write(n.children.front(), out);
      return;
    case Node::Kind::And:
    case Node::Kind::Or: {
      if (n.children.empty()) {
        out += n.kind == Node::Kind::Or ? "false" : "true";
        return;
      }
      out += '(';
      for (std::size_t k = 0; k < n.children.size(); ++k) {
        if (k) out += n.kind == Node::Kind::And ? " and " : " or ";
        write(n.children[k], out);
      }
      out += ')';
      return;
    }
  }
}

std::string Where::to_string() const {
  std::string out;
  if (!nodes_.empty()) write(root_, out);
  return out;
}

// ---------------------------------------------------------------------------------------
// Lexer and parser.

namespace {

struct Token {
  enum class Kind : std::uint8_t { End, Name, Op, String, Word, LParen, RParen, And, Or, Not };
  Kind kind = Kind::End;
  std::size_t at = 0;  // byte offset in the expression
  std::string text;    // the name, the operator, or the value (unescaped)
  CompareOp op = CompareOp::Eq;
};

std::string describe(const Token& t) {
  switch (t.kind) {
    case Token::Kind::End: return "the end of the expression";
    case Token::Kind::LParen: return "'('";
    case Token::Kind::RParen: return "')'";
    case Token::Kind::And: return "'and'";
    case Token::Kind::Or: return "'or'";
    case Token::Kind::Not: return "'not'";
    case Token::Kind::Op: return "'" + t.text + "'";
    case Token::Kind::String: return "a quoted value";
    case Token::Kind::Name:
    case Token::Kind::Word: {
      std::string s = t.text.size() > 30 ? t.text.substr(0, 30) + "..." : t.text;
      return "'" + s + "'";
    }
  }
  return "?";
}

}  // namespace

struct Where::Parser {
  std::string_view text;
  std::size_t pos = 0;
  Token cur;
  Where& out;
  WhereError& error;
  bool failed = false;

  Parser(std::string_view t, Where& w, WhereError& e) : text(t), out(w), error(e) {}

  void fail(std::size_t at, std::string message) {
    if (failed) return;
    failed = true;
    error.column = column_of(text, at);
    error.message = std::move(message);
  }

  // Reads the next token into cur. `value` says a value is expected, so any run of
  // non-blank bytes other than parentheses and quotes is a bare word.
  void next(bool value = false) {
    while (pos < text.size() && is_blank(text[pos])) ++pos;
    cur = Token();
    cur.at = pos;
    if (pos >= text.size()) return;
    const char c = text[pos];
    if (c == '(' || c == ')') {
      cur.kind = c == '(' ? Token::Kind::LParen : Token::Kind::RParen;
      ++pos;
      return;
    }
    if (c == '"') {
      cur.kind = Token::Kind::String;
      ++pos;
      for (;;) {
        if (pos >= text.size()) {
          fail(cur.at, "unterminated quoted value (no closing '\"')");
          return;
        }
        char d = text[pos++];
        if (d == '"') return;
        if (d == '\\' && pos < text.size() && (text[pos] == '"' || text[pos] == '\\')) d = text[pos++];
        cur.text += d;
      }
    }
    if (!value) {
      static constexpr std::pair<std::string_view, CompareOp> kOps[] = {
          {"!=", CompareOp::Ne}, {"<=", CompareOp::Le}, {">=", CompareOp::Ge}, {"==", CompareOp::Eq},
          {"=", CompareOp::Eq},  {"<", CompareOp::Lt},  {">", CompareOp::Gt},  {"~", CompareOp::Match}};
      for (const auto& [spelling, op] : kOps)
        if (text.substr(pos, spelling.size()) == spelling) {
          cur.kind = Token::Kind::Op;
          cur.op = op;
          cur.text = std::string(spelling);
          pos += spelling.size();
          // "=>", "=<", "<>", "=!": another operator's character glued to this one is a
          // misspelt operator, not a value that starts with it (that one goes in quotes).
          if (pos < text.size() && std::string_view("<>=!~").find(text[pos]) != std::string_view::npos)
            fail_glued_operator(std::string(spelling) + text[pos]);
          return;
        }
      if (is_name_char(c)) {
        std::size_t s = pos;
        while (pos < text.size() && is_name_char(text[pos])) ++pos;
        cur.text = std::string(text.substr(s, pos - s));
        cur.kind = iequals(cur.text, "and")   ? Token::Kind::And
                   : iequals(cur.text, "or")  ? Token::Kind::Or
                   : iequals(cur.text, "not") ? Token::Kind::Not
                                              : Token::Kind::Name;
        return;
      }
    }
    std::size_t s = pos;
    while (pos < text.size() && !is_blank(text[pos]) && text[pos] != '(' && text[pos] != ')' && text[pos] != '"')
      ++pos;
    cur.kind = Token::Kind::Word;
    cur.text = std::string(text.substr(s, pos - s));
  }

  void fail_glued_operator(const std::string& written) {
    std::string meant;
    if (written == "=>") meant = ">=";
    else if (written == "=<") meant = "<=";
    else if (written == "<>" || written == "=!") meant = "!=";
    fail(cur.at, "'" + written + "' is no operator" + (meant.empty() ? "" : ": did you mean '" + meant + "'?") +
                     " (the operators are =, !=, <, <=, >, >= and ~; a value that starts with '" + written.substr(1) +
                     "' goes in quotes)");
  }

  std::size_t add(Node n) {
    out.nodes_.push_back(std::move(n));
    return out.nodes_.size() - 1;
  }

  std::size_t parse_expr(int depth) {
    if (depth > kMaxDepth) {
      fail(cur.at, "expression nested too deeply (more than " + std::to_string(kMaxDepth) + " levels)");
      return 0;
    }
    return parse_list(depth, Token::Kind::Or);
  }

  // or_expr (kind Or) over and_expr, and and_expr (kind And) over unary.
  std::size_t parse_list(int depth, Token::Kind joiner) {
    std::vector<std::size_t> items;
    items.push_back(joiner == Token::Kind::Or ? parse_list(depth, Token::Kind::And) : parse_unary(depth));
    while (!failed && cur.kind == joiner) {
      next();
      items.push_back(joiner == Token::Kind::Or ? parse_list(depth, Token::Kind::And) : parse_unary(depth));
    }
    if (failed || items.size() == 1) return items.front();
    Node n;
    n.kind = joiner == Token::Kind::Or ? Node::Kind::Or : Node::Kind::And;
    n.children = std::move(items);
    return add(std::move(n));
  }

  std::size_t parse_unary(int depth) {
    if (failed) return 0;
    if (depth > kMaxDepth) {
      fail(cur.at, "expression nested too deeply (more than " + std::to_string(kMaxDepth) + " levels)");
      return 0;
    }
    if (cur.kind == Token::Kind::Not) {
      next();
      std::size_t inner = parse_unary(depth + 1);
      if (failed) return 0;
      Node n;
      n.kind = Node::Kind::Not;
      n.children.push_back(inner);
      return add(std::move(n));
    }
    if (cur.kind == Token::Kind::LParen) {
      const std::size_t open = cur.at;
      next();
      std::size_t inner = parse_expr(depth + 1);
      if (failed) return 0;
      if (cur.kind != Token::Kind::RParen) {
        fail(cur.at, "expected ')' to close the '(' at column " + std::to_string(column_of(text, open)) +
                         ", found " + describe(cur));
        return 0;
      }
      next();
      return inner;
    }
    return parse_comparison();
  }

  std::size_t parse_comparison() {
    if (cur.kind != Token::Kind::Name) {
      fail(cur.at, "expected a tag name, found " + describe(cur));
      return 0;
    }
    Node n;
    n.tag = cur.text;
    const std::string tag = cur.text;
    next();
    if (failed) return 0;
    if (cur.kind != Token::Kind::Op) {
      fail(cur.at, "expected an operator (=, !=, <, <=, >, >=, ~) after '" + tag + "', found " + describe(cur));
      return 0;
    }
    n.op = cur.op;
    const std::string op = cur.text;
    next(true);
    if (failed) return 0;
    if (cur.kind != Token::Kind::String && cur.kind != Token::Kind::Word) {
      fail(cur.at, "expected a value after '" + op + "', found " + describe(cur));
      return 0;
    }
    n.value = cur.text;
    n.kind = Node::Kind::Compare;
    n.date_tag = is_date_tag(n.tag);
    n.date = parse_tag_date(n.value);
    n.number = parse_decimal(n.value).has_value();
    if (n.op == CompareOp::Match) {
      auto re = compile(n.value);
      if (!re->ok()) {
        fail(cur.at, "invalid regular expression: " + re->error());
        error.bad_regex = true;
        return 0;
      }
      n.regex = int(out.regexes_.size());
      out.regexes_.push_back(std::move(re));
    }
    next();
    return add(std::move(n));
  }
};

std::optional<Where> Where::parse(std::string_view text, WhereError& error) {
  Where w;
  Parser p(text, w, error);
  p.next();
  if (p.failed) return std::nullopt;
  if (p.cur.kind == Token::Kind::End) {
    p.fail(p.cur.at, "empty expression");
    return std::nullopt;
  }
  w.root_ = p.parse_expr(0);
  if (!p.failed && p.cur.kind != Token::Kind::End) {
    if (p.cur.kind == Token::Kind::RParen)
      p.fail(p.cur.at, "unexpected ')' without a matching '('");
    else
      p.fail(p.cur.at, "expected 'and', 'or' or the end of the expression, found " + describe(p.cur));
  }
  if (p.failed) return std::nullopt;
  return w;
}

}  // namespace chesstool::filter
