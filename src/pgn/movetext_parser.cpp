// SPDX-License-Identifier: MIT
// parse_game(): a single-pass, allocation-free-on-the-fast-path lexer for one game's PGN text.
#include "pgn/movetext_parser.hpp"

#include <array>
#include <cstring>
#include <forward_list>
#include <limits>
#include <type_traits>
#include <vector>

#include "core/san.hpp"
#include "pgn/byte_scan.hpp"
#include "pgn/encoding.hpp"
#include "pgn/replay.hpp"

namespace chesstool::pgn {

namespace {

using detail::kByteClass;

// Per-byte flags for classifying a symbol in one pass.
enum : std::uint8_t {
  kSanByte = 1,     // may appear in a SAN-shaped token
  kGlyphByte = 2,   // '!' or '?'
  kDotByte = 4,     // '.'
  kSymbolByte = 8,  // continues a symbol token (detail::kSymbol)
};

// Bytes a SAN-shaped token may consist of (spec 8.2.3 plus what real files use:
// '0' castling, ':' captures, '-' in long algebraic and "--", '@' drops, '.' in
// "e.p."). Anything else in a symbol (like '<', '/', non-ASCII) is not a move.
constexpr std::array<std::uint8_t, 256> make_symbol_flags() {
  std::array<std::uint8_t, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = kSanByte;
  for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = kSanByte;
  for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = kSanByte;
  for (const char c : {':', '-', '=', '+', '#', '@'}) t[static_cast<unsigned char>(c)] = kSanByte;
  t['!'] = t['?'] = kSanByte | kGlyphByte;
  t['.'] = kSanByte | kDotByte;
  for (std::size_t c = 0; c < 256; ++c)
    if (kByteClass[c] == detail::kSymbol) t[c] |= kSymbolByte;
  return t;
}
constexpr std::array<std::uint8_t, 256> kSymbolFlags = make_symbol_flags();
// The same, but 0xEF, which may begin a BOM (detail::is_bom ends a symbol), stops the scan
// of a symbol too, which asks only there whether it is one. A NUL is a blank
// (detail::kByteClass), so the NUL a std::string keeps after its text stops the scan
// without a test for the end on every byte.
constexpr std::array<std::uint8_t, 256> make_symbol_flags_stops() {
  std::array<std::uint8_t, 256> t = make_symbol_flags();
  t[0xEF] = 0;
  return t;
}
constexpr std::array<std::uint8_t, 256> kSymbolFlagsStops = make_symbol_flags_stops();

// The flags every byte of word has.
std::uint8_t common_flags(std::string_view word) {
  std::uint8_t all = 0xFF;
  for (const char c : word) all &= kSymbolFlags[static_cast<unsigned char>(c)];
  return all;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Whether a symbol is "e.p.": bytes first, as a comparison of four-byte words (a third of
// the moves, "Nxe5", and every "9...") would be a call into the library.
// "e.p.", also with the check sign or glyphs that would follow the move ("e.p.+", "e.p.!").
// Asked of every symbol: a move fails at its second byte.
bool is_ep_suffix(std::string_view word) {
  if (word.size() < 4 || word[1] != '.' || word[0] != 'e' || word[2] != 'p' || word[3] != '.') return false;
  for (std::size_t i = 4; i < word.size(); ++i)
    if (word[i] != '+' && word[i] != '#' && word[i] != '!' && word[i] != '?') return false;
  return true;
}

// The largest move number (the Visitor delivers it as 32 bits).
constexpr std::uint64_t kMaxNumber = std::numeric_limits<std::uint32_t>::max();
bool is_space(char c) { return kByteClass[static_cast<unsigned char>(c)] == detail::kSpace; }
bool is_newline(char c) { return c == '\n' || c == '\r'; }

// Bytes of a tag name as spec 8.1.1 has them: letters, digits and underscores.
constexpr std::array<bool, 256> make_tag_name_bytes() {
  std::array<bool, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = true;
  for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = true;
  for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = true;
  t['_'] = true;
  return t;
}
constexpr std::array<bool, 256> kTagNameByte = make_tag_name_bytes();

bool is_standard_tag_name(std::string_view name) {
  for (const char c : name)
    if (!kTagNameByte[static_cast<unsigned char>(c)]) return false;
  return true;
}

// Quotes a token for a message (the console escapes what a terminal must not see).
std::string quoted(std::string_view text) { return std::string("'").append(message_excerpt(text)).append("'"); }


// Comments held before the movetext starts (see Parser::comment).
constexpr std::size_t kMaxEarlyComments = 1000;

// The visitor's type is a parameter so that the replayer (final), the visitor of every hot
// path, gets direct calls the compiler can inline; any other visitor takes the virtual ones.
template <class V>
class Parser {
 public:
  // t_[n_] is the NUL a std::string keeps after its text: symbol() relies on it.
  Parser(const RawGame& game, V& visitor)
      : game_(game), v_(visitor), t_(game.text.c_str()), n_(game.text.size()), line_(game.line) {
    // On the game's first line column 1 lies before the text when it starts mid-line.
    line_start_ = -static_cast<std::int64_t>(game.column > 0 ? game.column - 1 : 0);
  }

  void run();
  std::uint64_t escape_lines() const { return escape_lines_; }

 private:
  struct PendingComment {
    std::string_view text;
    SourceLoc loc;
  };

  SourceLoc loc(std::size_t i) const {
    const std::int64_t col = static_cast<std::int64_t>(i) - line_start_ + 1;
    const auto clamped = static_cast<std::uint32_t>(
        std::min<std::int64_t>(col, std::numeric_limits<std::uint32_t>::max()));
    return SourceLoc{line_, clamped, game_.byte_offset + i};
  }
  // Location of an arbitrary index, counting lines from the start (rare paths only).
  SourceLoc locate(std::size_t target) const;

  void newline(std::size_t i) {
    // CR, LF and CRLF each end one line.
    if (!(t_[i] == '\n' && i > 0 && t_[i - 1] == '\r')) ++line_;
    line_start_ = static_cast<std::int64_t>(i) + 1;
  }

  void report(Severity s, std::string_view code, std::string message, const SourceLoc& at, std::string_view token = {}) {
    flush_san();
    v_.problem(s, code, std::move(message), at, token);
  }

  // Called when a token other than a comment starts: keeps the event order and
  // enforces "nothing after the termination marker".
  bool accept_token(std::size_t start) {
    if (result_seen_ || deep_result_) return accept_token_slow(start);
    return true;
  }
  bool accept_token_slow(std::size_t start);
  void flush_san() {
    if (pending_san_) {
      pending_san_ = false;
      v_.san(pending_text_, pending_loc_);
    }
  }
  // Inline, as every comment and token asks it; the report is out of line.
  [[gnu::always_inline]] void settle_deep_result() {
    if (deep_result_) [[unlikely]]
      report_deep_result();
  }
  void report_deep_result() {
    deep_result_ = false;
    report(Severity::Warning, "result-in-variation",
           "termination marker " + quoted(deep_text_) + " inside a variation ignored", deep_loc_, deep_text_);
  }
  void begin_movetext() {
    if (movetext_) return;
    movetext_ = true;
    v_.begin_movetext();
    for (const PendingComment& c : early_comments_) deliver_comment(c.text, c.loc);
    early_comments_.clear();
  }
  // Inline: every comment of a game; out of line its call cost as much as the check.
  [[gnu::always_inline]] void deliver_comment(std::string_view text, const SourceLoc& at) {
    if (convert_ && !is_valid_utf8(text)) {
      scratch_ = repair_utf8(text);
      v_.comment(scratch_, at);
    } else {
      v_.comment(text, at);
    }
  }

  void prescan();
  [[gnu::always_inline]] inline void comment(std::string_view text, const SourceLoc& at);
  void brace_comment();
  void line_comment();
  void escape_line();
  void bracket();
  std::size_t tag_extent(std::size_t start, bool& closed) const;
  void parse_tag(std::size_t start, std::size_t end, bool closed);
  bool plain_tag(std::size_t start);
  // name_checked: the caller knows the name is standard (letters, digits, '_').
  void deliver_tag(std::string_view name, std::string_view raw_value, bool has_escape, const SourceLoc& at,
                   bool name_checked = false);
  // Inlined into run(): the symbol of every move token; a call saved and restored half the registers.
  [[gnu::always_inline]] inline void symbol();
  void ep_suffix(std::string_view word, std::size_t start);
  bool plain_move_number();
  void move_number(std::string_view word, std::size_t start, std::size_t digits, std::uint64_t number);
  // Inlined: every move number of a game, and the call cost as much as its work.
  [[gnu::always_inline]] inline void move_number(std::string_view word, std::size_t start, std::size_t digits,
                                                 std::size_t dots, std::uint64_t number);
  // Inlined: it runs for every move token, and the call saved and restored half the registers.
  [[gnu::always_inline]] inline void san_like(std::string_view word, std::size_t start, std::uint8_t flags);
  void nag_token();
  void result_token(std::size_t start, std::size_t len);
  void open_variation();
  void close_variation();
  void stray();
  void junk(std::string_view word, std::size_t start, std::string_view why);
  void finish();

  const RawGame& game_;
  V& v_;
  const char* t_;
  std::size_t n_;
  std::size_t p_ = 0;
  std::uint64_t line_;
  std::int64_t line_start_ = 0;  // index of column 1 of the current line

  std::uint64_t escape_lines_ = 0;  // read so far
  bool convert_ = false;   // the game is not valid UTF-8: convert text as CP1252
  bool movetext_ = false;  // begin_movetext() sent
  bool result_seen_ = false;
  bool after_result_reported_ = false;
  std::uint64_t depth_ = 0;
  SourceLoc outer_open_;  // the '(' that opened the outermost open variation

  bool pending_san_ = false;  // san() is held back one token to join a following "e.p."
  std::string_view pending_text_;
  SourceLoc pending_loc_;

  bool deep_result_ = false;  // a marker inside a variation, valid only if nothing follows
  std::string_view deep_text_;
  SourceLoc deep_loc_;

  TagNameSet tag_names_;
  std::vector<PendingComment> early_comments_;
  std::string scratch_;
  // Tag names that are not UTF-8, converted: tag_names_ holds views of them (a list keeps
  // them in place as it grows, and unlike a deque allocates nothing until used). Rare: one
  // name a game at most in real files.
  std::forward_list<std::string> converted_names_;
};

template <class V>
SourceLoc Parser<V>::locate(std::size_t target) const {
  std::uint64_t line = game_.line;
  std::int64_t start = -static_cast<std::int64_t>(game_.column > 0 ? game_.column - 1 : 0);
  for (std::size_t i = 0; i < target && i < n_; ++i) {
    if (t_[i] == '\r' || (t_[i] == '\n' && !(i > 0 && t_[i - 1] == '\r'))) ++line;
    if (is_newline(t_[i])) start = static_cast<std::int64_t>(i) + 1;
  }
  const std::int64_t col = static_cast<std::int64_t>(target) - start + 1;
  return SourceLoc{line,
                   static_cast<std::uint32_t>(std::min<std::int64_t>(col, std::numeric_limits<std::uint32_t>::max())),
                   game_.byte_offset + target};
}

template <class V>
void Parser<V>::prescan() {
  // Nearly every game is plain ASCII: one pass says so, and both checks below are skipped.
  const auto* u = reinterpret_cast<const unsigned char*>(t_);
  if (!detail::has_nul_or_high(u, u + n_)) return;
  const std::string_view text(t_, n_);
  if (const auto bad = first_invalid_utf8(text)) {
    convert_ = true;
    v_.problem(Severity::Warning, "invalid-utf8",
               "text is not valid UTF-8 (first bad byte at offset " + std::to_string(*bad) +
                   " of the game); in tag values and comments, the bytes that are not UTF-8 are read as Windows-1252",
               locate(*bad), {});
  }
  if (const void* z = std::memchr(t_, 0, n_)) {
    const auto at = static_cast<std::size_t>(static_cast<const char*>(z) - t_);
    v_.problem(Severity::Error, "nul-byte", "NUL byte in the text (binary data?)", locate(at), {});
  }
}

template <class V>
void Parser<V>::run() {
  prescan();
  while (p_ < n_) {
    const char c = t_[p_];
    const std::uint8_t k = kByteClass[static_cast<unsigned char>(c)];
    // Movetext is mostly symbols, blanks and line ends, in patterns a branch predictor
    // learns; a jump table over all classes would mispredict on nearly every token.
    if (k == detail::kSymbol) {
      if (c == '%' && static_cast<std::int64_t>(p_) == line_start_) {
        escape_line();
      } else if (!is_digit(c) || !plain_move_number()) {
        symbol();
      } else if (const char next = t_[p_]; kByteClass[static_cast<unsigned char>(next)] == detail::kSymbol && !is_digit(next)) {
        symbol();  // the move after its number ("12. Nf3"), as the next turn would read it (mid-line: no '%' line)
      }
      continue;
    }
    if (k == detail::kSpace) {
      std::size_t p = p_ + 1;  // a local, as in symbol()
      while (t_[p] == ' ') ++p;  // runs of blanks are common (the NUL after the text stops it)
      p_ = p;
      continue;
    }
    if (k == detail::kLf || k == detail::kCr) {
      newline(p_);
      ++p_;
      // BOMs at a line start (a file concatenated in the middle of a game), as the
      // splitter takes them: not text, and not counted in the line's columns. (The NUL
      // after the text stops the comparison.)
      while (t_[p_] == '\xEF' && t_[p_ + 1] == '\xBB' && t_[p_ + 2] == '\xBF') {
        p_ += 3;
        line_start_ += 3;
      }
      continue;
    }
    switch (k) {
      case detail::kLBrace:
        brace_comment();
        break;
      case detail::kSemicolon:
        line_comment();
        break;
      case detail::kLBracket:
        bracket();
        break;
      case detail::kLParen:
        open_variation();
        break;
      case detail::kRParen:
        close_variation();
        break;
      case detail::kStar:
        result_token(p_, 1);
        ++p_;
        break;
      case detail::kDollar:
        nag_token();
        break;
      default:
        stray();
        break;
    }
  }
  finish();
}

template <class V>
bool Parser<V>::accept_token_slow(std::size_t start) {
  if (result_seen_) {
    if (!after_result_reported_) {
      after_result_reported_ = true;
      std::size_t end = n_;  // the token: the text after the marker, its trailing blanks aside
      while (end > start && (is_space(t_[end - 1]) || is_newline(t_[end - 1]))) --end;
      report(Severity::Error, "text-after-result", "text after the termination marker ignored", loc(start),
             std::string_view(t_ + start, end - start));
    }
    return false;
  }
  settle_deep_result();
  return true;
}

template <class V>
void Parser<V>::comment(std::string_view text, const SourceLoc& at) {
  flush_san();
  settle_deep_result();
  if (!movetext_) {
    // The spec puts comments in movetext: they are held until it starts, as a tag may
    // still come. At most kMaxEarlyComments: 40 bytes each for as little as "{}", so
    // 4 MB of them once took 100 MB; the next one starts the movetext (a tag after it is
    // then a tag pair inside movetext).
    if (early_comments_.size() < kMaxEarlyComments) {
      early_comments_.push_back({text, at});
      return;
    }
    begin_movetext();
  }
  deliver_comment(text, at);
}

template <class V>
void Parser<V>::brace_comment() {
  const std::size_t start = p_;
  const SourceLoc at = loc(start);
  // Spec 5: brace comments do not nest; the first '}' ends one. One scan finds it and
  // the line ends before it (most comments are shorter than the 16 bytes it reads at once).
  const auto* u = reinterpret_cast<const unsigned char*>(t_);
  const unsigned char* q = u + start + 1;
  for (;; ++q) {
    q = detail::find_any<'}', '\n', '\r'>(q, u + n_);
    if (q == u + n_ || *q == '}') break;
    newline(static_cast<std::size_t>(q - u));
  }
  const std::size_t i = static_cast<std::size_t>(q - u);
  const std::string_view text(t_ + start + 1, i - start - 1);
  if (i == n_) {
    report(Severity::Error, "unterminated-comment", "'{' comment is never closed by '}'", at,
           std::string_view(t_ + start, n_ - start));
    p_ = n_;
  } else {
    p_ = i + 1;
  }
  comment(text, at);
}

template <class V>
void Parser<V>::line_comment() {
  const std::size_t start = p_;
  std::size_t i = start + 1;
  while (i < n_ && !is_newline(t_[i])) ++i;
  p_ = i;
  comment(std::string_view(t_ + start + 1, i - start - 1), loc(start));
}

template <class V>
void Parser<V>::escape_line() {
  // Spec 6: the whole line is ignored; the line end is counted by the main loop.
  ++escape_lines_;
  while (p_ < n_ && !is_newline(t_[p_])) ++p_;
}

template <class V>
std::size_t Parser<V>::tag_extent(std::size_t start, bool& closed) const {
  // The splitter's own scan, so both agree on where a tag pair (even a broken one) ends.
  detail::TagScan state = detail::TagScan::InTag;
  const std::size_t end = detail::scan_tag_pair(reinterpret_cast<const unsigned char*>(t_), start + 1, n_, state);
  closed = state == detail::TagScan::Closed;
  return end;
}

// The tag pair nearly every file is made of, [Name "value"] on one line, a standard name,
// one blank and no backslash, read in one pass. It ends where tag_extent ends it, and
// parse_tag would read the same name and value with no warning; any other shape returns
// false and takes that way.
template <class V>
bool Parser<V>::plain_tag(std::size_t start) {
  const auto* u = reinterpret_cast<const unsigned char*>(t_);
  std::size_t i = start + 1;
  while (i < n_ && kTagNameByte[u[i]]) ++i;
  if (i == start + 1 || i + 1 >= n_ || t_[i] != ' ' || t_[i + 1] != '"') return false;
  const std::size_t value_start = i + 2;
  const auto close = static_cast<std::size_t>(detail::find_any<'"', '\\', '\n', '\r'>(u + value_start, u + n_) - u);
  if (close + 1 >= n_ || t_[close] != '"' || t_[close + 1] != ']') return false;
  p_ = close + 2;
  deliver_tag(std::string_view(t_ + start + 1, i - start - 1), std::string_view(t_ + value_start, close - value_start),
              false, loc(start), true);
  return true;
}

template <class V>
void Parser<V>::bracket() {
  const std::size_t start = p_;
  if (!movetext_ && plain_tag(start)) return;
  bool closed = false;
  const std::size_t end = tag_extent(start, closed);
  p_ = end;
  if (!movetext_) {
    parse_tag(start, end, closed);
    return;
  }
  if (!accept_token(start)) return;
  const std::string_view tag(t_ + start, end - start);
  report(Severity::Error, "unexpected-token", "tag pair " + quoted(tag) + " inside movetext ignored", loc(start), tag);
}

template <class V>
void Parser<V>::parse_tag(std::size_t start, std::size_t end, bool closed) {
  const SourceLoc at = loc(start);
  const std::size_t body_end = closed ? end - 1 : end;  // excludes the ']'
  std::size_t i = start + 1;
  while (i < body_end && is_space(t_[i])) ++i;
  const std::size_t name_start = i;
  while (i < body_end && !is_space(t_[i]) && t_[i] != '"') ++i;
  const std::string_view name(t_ + name_start, i - name_start);
  if (name.empty()) {
    report(Severity::Error, "malformed-tag", "tag pair without a name ignored", at);
    return;
  }
  while (i < body_end && is_space(t_[i])) ++i;

  std::string_view why;  // set when the tag had to be repaired: one warning per tag
  std::string_view value;
  bool has_escape = false;
  if (i < body_end && t_[i] == '"') {
    const std::size_t value_start = i + 1;
    std::size_t j = value_start;
    while (j < body_end && t_[j] != '"') {
      if (t_[j] == '\\') {
        has_escape = true;
        ++j;
      }
      ++j;
    }
    if (j >= body_end) {
      // No closing quote before the line end: keep the text, minus a trailing ']'.
      std::size_t e = std::min(j, body_end);
      while (e > value_start && is_space(t_[e - 1])) --e;
      if (e > value_start && t_[e - 1] == ']') --e;
      value = std::string_view(t_ + value_start, e - value_start);
      why = "tag value has no closing quote";
    } else {
      std::size_t k = j + 1;
      while (k < body_end && is_space(t_[k])) ++k;
      value = std::string_view(t_ + value_start, j - value_start);
      if (k < body_end) {
        // Text after the string, as in [White ""Name""]: the value most likely runs
        // to the last quote before ']' (unescaped quotes inside it).
        std::size_t q = body_end;
        while (q > k && is_space(t_[q - 1])) --q;
        if (q > k && t_[q - 1] == '"') {
          value = std::string_view(t_ + value_start, q - 1 - value_start);
          for (std::size_t x = value_start; x + 1 < q; ++x) has_escape = has_escape || t_[x] == '\\';
          why = "unescaped quote inside tag value";
        } else {
          why = "text after the tag value ignored";
        }
      }
    }
  } else {
    std::size_t e = body_end;
    while (e > i && is_space(t_[e - 1])) --e;
    value = std::string_view(t_ + i, e - i);
    why = "tag value is not a quoted string";
  }
  if (why.empty() && !closed) why = "tag pair is missing its closing ']'";
  if (!why.empty()) report(Severity::Warning, "malformed-tag", std::string(why) + " in " + quoted(name), at, name);
  deliver_tag(name, value, has_escape, at);
}

template <class V>
void Parser<V>::deliver_tag(std::string_view name, std::string_view raw_value, bool has_escape, const SourceLoc& at,
                         bool name_checked) {
  if (!name_checked && !is_standard_tag_name(name)) {
    report(Severity::Warning, "invalid-tag-name",
           "tag name " + quoted(name) + " has characters other than letters, digits and '_'", at, name);
  }
  // A name as the game's tags will hold it: one that is not UTF-8 converted first, so that
  // two names that become one ("A\xFF" in Windows-1252 and "A\xC3\xBF") are one tag given twice,
  // said as such (the second value was dropped without a word).
  std::string_view out_name = name;
  if (convert_ && !is_valid_utf8(name)) out_name = converted_names_.emplace_front(repair_utf8(name));
  const auto repeated = [&] {
    report(Severity::Warning, "duplicate-tag",
           "tag " + quoted(out_name) + " appears more than once: this value, " + quoted(raw_value) + ", is ignored", at,
           name);
  };
  // The names are views into the game's text or converted_names_, valid for the whole parse.
  // The replayer tests for a repeated name itself (below).
  if constexpr (!std::is_same_v<V, Replayer>)
    if (!tag_names_.insert(out_name)) repeated();

  std::string_view value = raw_value;
  if (has_escape) {
    // Spec 7: inside a string "\\" is a backslash and "\"" a quote. Other
    // backslashes are kept as written.
    scratch_.clear();
    for (std::size_t i = 0; i < raw_value.size(); ++i) {
      const char c = raw_value[i];
      if (c == '\\' && i + 1 < raw_value.size() && (raw_value[i + 1] == '"' || raw_value[i + 1] == '\\')) {
        scratch_.push_back(raw_value[++i]);
      } else {
        scratch_.push_back(c);
      }
    }
    value = scratch_;
  }
  if (convert_ && !is_valid_utf8(value)) {
    std::string converted = repair_utf8(value);
    scratch_ = std::move(converted);
    value = scratch_;
  }
  if constexpr (std::is_same_v<V, Replayer>) {
    if (!v_.new_tag(out_name, value, at)) repeated();  // nothing else was said of it: the same order
  } else {
    v_.tag(out_name, value, at);
  }
}

template <class V>
void Parser<V>::symbol() {
  const std::size_t start = p_;
  std::uint8_t flags = 0xFF;  // those every byte of the symbol has
  // Locals, not the members: a store to p_ could change a byte read through t_ (char
  // aliases anything), which would keep p_ in memory on every byte.
  const char* const t = t_;
  const std::size_t n = n_;
  std::size_t p = start;
  const auto* u = reinterpret_cast<const unsigned char*>(t);
  for (;;) {
    std::uint8_t f = kSymbolFlagsStops[u[p]];
    if ((f & kSymbolByte) == 0) {
      // The NUL after the text stops the comparison, so it reads no further.
      if (u[p] != 0xEF || detail::is_bom(u + p, n - p)) break;
      f = kSymbolFlags[0xEF];
    }
    flags &= f;
    ++p;
  }
  if (p == start) [[unlikely]] {
    // A BOM, left by files joined with cat, separates the tokens around it as a blank
    // would, as the splitter reads it. At a line's start it is no text; anywhere else
    // (the splitter ends a game only at one before a tag pair) it is reported, so that
    // the game is copied whole with it rather than written back as another.
    p_ = start + 3;
    if (static_cast<std::int64_t>(start) == line_start_) {
      line_start_ += 3;
      return;
    }
    if (result_seen_) return;  // after the marker: the next file's (the splitter ends the game there)
    if (!accept_token(start)) return;
    junk(std::string_view(t + start, 3), start, "byte order mark");
    return;
  }
  const std::string_view word(t + start, p - start);
  // The blank after a token is skipped here, not by another turn of run()'s loop (the
  // NUL after the text stops it).
  while (t[p] == ' ') ++p;
  p_ = p;
  const char first = word[0];
  // A move, nearly every symbol that does not start with a digit: first, and with fewer tests.
  if ((first | 0x20) >= 'a' && (first | 0x20) <= 'z' && !is_ep_suffix(word)) {
    if (!accept_token(start)) return;
    san_like(word, start, flags);
    return;
  }
  if (detail::is_result_symbol(word.data(), word.size())) {
    result_token(start, word.size());
    return;
  }
  if (is_ep_suffix(word)) {
    ep_suffix(word, start);
    return;
  }
  if (!accept_token(start)) return;

  // Move number indication (spec 8.2.2): digits, then periods, maybe glued to a move.
  // Read once: the digits and their value (which stops growing past 2^32 - 1, so that
  // leading zeros still give a valid number).
  std::size_t digits = 0;
  std::uint64_t number = 0;
  for (; digits < word.size() && is_digit(word[digits]); ++digits)
    if (number <= kMaxNumber) number = number * 10 + static_cast<std::uint64_t>(word[digits] - '0');
  if (digits == word.size() && number == 0) {
    // No move is numbered 0, and a number without periods stands for one: "00" is castling
    // written without its dash, which would otherwise be lost without a word.
    report(Severity::Error, "unexpected-token",
           "unexpected " + quoted(word) + ": no move is numbered 0 (castling is written O-O or O-O-O)", loc(start), word);
    return;
  }
  if (digits > 0 && (digits == word.size() || word[digits] == '.')) {
    move_number(word, start, digits, number);
    return;
  }
  san_like(word, start, flags);
}

// The move number nearly every one is, "12." or "12..." alone before a blank or a line end:
// what symbol() would make of it, without its general tests. False, having read nothing,
// for any other token (a result, "1.e4", a number of ten or more digits), which symbol()
// then reads.
// "exd6 e.p." is joined to "exd6e.p.", the form glued notation already has ("exd6 e.p.+"
// to "exd6e.p.+").
template <class V>
void Parser<V>::ep_suffix(std::string_view word, std::size_t start) {
  if (pending_san_ && !result_seen_) {
    scratch_.assign(pending_text_);
    scratch_ += word;
    pending_san_ = false;
    v_.san(scratch_, pending_loc_);
    return;
  }
  if (!accept_token(start)) return;
  report(Severity::Error, "unexpected-token", "unexpected " + quoted(word) + ": no move before it to take en passant",
         loc(start), word);
}

template <class V>
bool Parser<V>::plain_move_number() {
  const std::size_t start = p_;
  const char* const t = t_;
  std::size_t p = start;
  std::uint64_t number = 0;
  // At most nine digits: the value stays below kMaxNumber.
  while (is_digit(t[p]) && p - start < 9) number = number * 10 + static_cast<std::uint64_t>(t[p++] - '0');
  if (t[p] != '.') return false;
  const std::size_t digits = p - start;
  while (t[p] == '.') ++p;
  // The symbol must end here as symbol() ends it (the NUL after the text is a blank).
  const std::uint8_t k = kByteClass[static_cast<unsigned char>(t[p])];
  if (k != detail::kSpace && k != detail::kLf && k != detail::kCr) return false;
  const std::string_view word(t + start, p - start);
  while (t[p] == ' ') ++p;
  p_ = p;
  if (accept_token(start)) move_number(word, start, digits, word.size(), number);
  return true;
}

template <class V>
void Parser<V>::move_number(std::string_view word, std::size_t start, std::size_t digits, std::uint64_t number) {
  std::size_t dots = digits;
  while (dots < word.size() && word[dots] == '.') ++dots;
  move_number(word, start, digits, dots, number);
}

template <class V>
void Parser<V>::move_number(std::string_view word, std::size_t start, std::size_t digits, std::size_t dots,
                            std::uint64_t number) {
  flush_san();
  begin_movetext();
  if (number > kMaxNumber) {
    // Move numbers only indicate (the moves say where the game is): one past any real
    // game's length is said, and the move glued to it still read.
    report(Severity::Warning, "move-number-out-of-range",
           "move number " + quoted(word.substr(0, dots)) + " is beyond 4294967295: ignored", loc(start),
           word.substr(0, dots));
  } else {
    // "12..." (three periods; two are accepted too) means black is to move.
    v_.move_number(static_cast<std::uint32_t>(number), dots - digits >= 2, loc(start));
  }
  if (dots == word.size()) return;
  // What is glued to the periods: a move ("1.e4"), or the termination marker ("2.1-0",
  // "2...0-1": spec 7 makes the period a token of its own, so the marker stands alone).
  const std::string_view rest = word.substr(dots);
  if (detail::is_result_symbol(rest.data(), rest.size()))
    result_token(start + dots, rest.size());
  else
    san_like(rest, start + dots, common_flags(rest));
}

template <class V>
void Parser<V>::san_like(std::string_view word, std::size_t start, std::uint8_t all) {
  const bool san_shaped = (all & kSanByte) != 0;
  const bool only_dots = (all & kDotByte) != 0;
  if ((all & kGlyphByte) != 0) {
    const int code = glyph_nag(word);  // written apart from its move (spec 8.2.4, 10)
    if (code == 0) {
      junk(word, start, "annotation glyph");
      return;
    }
    flush_san();
    begin_movetext();
    v_.nag(code, word, loc(start));
    return;
  }
  if (only_dots && word.size() >= 2) {
    // "1. ... Ba5": the periods of "1..." written apart; nothing to deliver.
    flush_san();
    return;
  }
  if (!san_shaped || only_dots) {
    junk(word, start, "token");
    return;
  }
  flush_san();
  begin_movetext();
  pending_san_ = true;
  pending_text_ = word;
  pending_loc_ = loc(start);
}

template <class V>
void Parser<V>::junk(std::string_view word, std::size_t start, std::string_view why) {
  report(Severity::Error, "unexpected-token", "unexpected " + std::string(why) + " " + quoted(word), loc(start), word);
}

template <class V>
void Parser<V>::nag_token() {
  const std::size_t start = p_;
  ++p_;
  // Like the splitter, the NAG symbol runs to the next delimiter (or BOM), so "$1-0" can
  // never be read as a NAG followed by a termination marker.
  const auto* u = reinterpret_cast<const unsigned char*>(t_);
  while (p_ < n_ && kByteClass[u[p_]] == detail::kSymbol && !detail::is_bom(u + p_, n_ - p_)) ++p_;
  if (!accept_token(start)) return;
  const std::string_view word(t_ + start, p_ - start);
  bool digits_only = word.size() > 1;
  for (std::size_t i = 1; i < word.size(); ++i) digits_only = digits_only && is_digit(word[i]);
  if (!digits_only) {
    report(Severity::Error, "malformed-nag", "malformed NAG " + quoted(word) + " ignored", loc(start), word);
    return;
  }
  // Leading zeros aside, at most kMaxNagDigits digits are kept (a JSON record holds the
  // same range); a longer number is only out of range too, so a warning as well.
  std::size_t first = 1;
  while (first + 1 < word.size() && word[first] == '0') ++first;
  const bool keepable = word.size() - first <= kMaxNagDigits;
  int code = 0;
  for (std::size_t i = first; keepable && i < word.size(); ++i) code = code * 10 + (word[i] - '0');
  flush_san();
  begin_movetext();
  if (!keepable) {
    report(Severity::Warning, "malformed-nag", "NAG " + quoted(word) + " is outside $0..$255 and too large to keep: ignored",
           loc(start), word);
    return;
  }
  if (code > 255) {
    report(Severity::Warning, "malformed-nag", "NAG " + quoted(word) + " is outside $0..$255", loc(start), word);
  }
  v_.nag(code, word, loc(start));
}

template <class V>
void Parser<V>::result_token(std::size_t start, std::size_t len) {
  if (!accept_token(start)) return;
  flush_san();
  begin_movetext();
  const std::string_view token(t_ + start, len);
  if (depth_ == 0) {
    result_seen_ = true;
    v_.result(token, loc(start));
    return;
  }
  // Inside a variation: only a real result if it is the last token of the game
  // (then the variations were just never closed), see finish().
  deep_result_ = true;
  deep_text_ = token;
  deep_loc_ = loc(start);
}

template <class V>
void Parser<V>::open_variation() {
  const std::size_t start = p_++;
  if (!accept_token(start)) return;
  flush_san();
  begin_movetext();
  if (depth_ == 0) outer_open_ = loc(start);
  ++depth_;
  v_.begin_variation(loc(start));
}

template <class V>
void Parser<V>::close_variation() {
  const std::size_t start = p_++;
  if (!accept_token(start)) return;
  flush_san();
  begin_movetext();
  if (depth_ == 0) {
    report(Severity::Error, "unbalanced-variation", "')' without a matching '(' ignored", loc(start), ")");
    return;
  }
  --depth_;
  v_.end_variation(loc(start));
}

template <class V>
void Parser<V>::stray() {
  const std::size_t start = p_++;
  if (!accept_token(start)) return;
  junk(std::string_view(t_ + start, 1), start, "character");
}

template <class V>
void Parser<V>::finish() {
  flush_san();
  begin_movetext();
  const SourceLoc end = loc(n_);
  if (depth_ > 0) {
    report(Severity::Error, "unbalanced-variation",
           std::to_string(depth_) + (depth_ == 1 ? " variation is" : " variations are") + " never closed by ')'",
           outer_open_, "(");
    for (; depth_ > 0; --depth_) v_.end_variation(end);
  }
  if (deep_result_) {
    deep_result_ = false;
    result_seen_ = true;
    v_.result(deep_text_, deep_loc_);
  }
  if (!result_seen_) {
    report(Severity::Warning, "missing-result", "game has no termination marker (1-0, 0-1, 1/2-1/2 or *)", end);
  }
  v_.end_game();
}

}  // namespace

void parse_game(const RawGame& game, Visitor& visitor) {
  Parser<Visitor> parser(game, visitor);
  parser.run();
}

void parse_game(const RawGame& game, Replayer& replayer) {
  Parser<Replayer> parser(game, replayer);
  parser.run();
}

std::uint64_t escape_lines_in(const RawGame& game) {
  Visitor nothing;
  Parser<Visitor> parser(game, nothing);
  parser.run();
  return parser.escape_lines();
}

bool line_comment_at(const RawGame& game, std::size_t at) {
  // The comment the parser reads there, if any: a ';' comment starts at the ';' itself.
  class CommentAt final : public Visitor {
   public:
    explicit CommentAt(std::uint64_t offset) : offset_(offset) {}
    void comment(std::string_view, const SourceLoc& loc) override { found = found || loc.byte_offset == offset_; }
    bool found = false;

   private:
    std::uint64_t offset_;
  };
  if (at >= game.text.size() || game.text[at] != ';') return false;
  CommentAt finder(game.byte_offset + at);
  parse_game(game, finder);
  return finder.found;
}

}  // namespace chesstool::pgn
