// SPDX-License-Identifier: MIT
// Writers of a replayed Game: PGN export format with line wrapping, and the mainline as UCI, LAN, FEN and EPD.
#include "output/pgn_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <unordered_set>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/fen.hpp"
#include "core/recycled.hpp"
#include "core/san.hpp"
#include "core/short_copy.hpp"
#include "core/uci.hpp"
#include "output/plain_text.hpp"
#include "pgn/comment_commands.hpp"
#include "pgn/game_report.hpp"
#include "pgn/movetext_parser.hpp"
#include "pgn/standard_tags.hpp"

namespace chesstool::output {

namespace {

bool is_ascii(std::string_view w) {
  // Eight bytes at a time: no byte with its high bit set.
  std::size_t i = 0;
  std::uint64_t high = 0;
  for (; i + 8 <= w.size(); i += 8) {
    std::uint64_t chunk;
    std::memcpy(&chunk, w.data() + i, 8);
    high |= chunk;
  }
  if (w.size() - i >= 4) {  // 4 to 7 left (a move like "Nf3+"): two overlapping loads
    std::uint32_t a, b;
    std::memcpy(&a, w.data() + i, 4);
    std::memcpy(&b, w.data() + w.size() - 4, 4);
    high |= a | b;
    i = w.size();
  }
  for (; i < w.size(); ++i) high |= static_cast<unsigned char>(w[i]);
  return (high & 0x8080808080808080ull) == 0;
}

// Terminal columns of a word: UTF-8 continuation bytes, combining marks (Latin, Arabic
// harakat and Quranic marks) and format characters take none, so an Arabic comment fills
// its columns, not its bytes. (tournament/report_table has the full display_width; the pgn
// library cannot depend on report.)
std::size_t columns(std::string_view w) {
  if (is_ascii(w)) return w.size();  // moves, clocks, engine output: one column a byte
  std::size_t n = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto b = static_cast<unsigned char>(w[i]);
    if (b < 0x80) {  // ASCII: one column
      ++n;
      continue;
    }
    if ((b & 0xC0) == 0x80) continue;
    unsigned cp = b;
    if (b >= 0xC0 && i + 1 < w.size()) {
      const auto cont = [&](std::size_t k) { return static_cast<unsigned char>(w[i + k]) & 0x3Fu; };
      if (b < 0xE0) cp = ((b & 0x1Fu) << 6) | cont(1);
      else if (b < 0xF0 && i + 2 < w.size()) cp = ((b & 0x0Fu) << 12) | (cont(1) << 6) | cont(2);
      else if (b >= 0xF0 && i + 3 < w.size()) cp = ((b & 0x07u) << 18) | (cont(1) << 12) | (cont(2) << 6) | cont(3);
    }
    const bool zero = (cp >= 0x300 && cp <= 0x36F) || (cp >= 0x610 && cp <= 0x61A) || (cp >= 0x64B && cp <= 0x65F) ||
                      cp == 0x670 || (cp >= 0x6D6 && cp <= 0x6ED) || (cp >= 0x200B && cp <= 0x200F) ||
                      (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
    n += !zero;
  }
  // A word of zero-width characters only (U+202E, a lone combining mark) counts one: the
  // wrapper tells a line with a word on it by its columns, and would write the next word
  // glued to this one (the blank between them lost).
  return n > 0 || w.empty() ? n : 1;
}

// One word of movetext built in place: a move with its number ("12. Nf3", "12... Nf3")
// or a NAG ("$14"). Its longest is a 10-digit number, "... " and a SAN of at most seven
// bytes, so a fixed array holds it and building it calls nothing.
class MoveWord {
 public:
  std::string_view view() const { return {text_, size_}; }
  // The whole array, for a copy of a fixed size (TextSink::put_padded).
  const char* data() const { return text_; }
  static constexpr std::size_t kCapacity = 40;
  void clear() { size_ = 0; }
  void put(char c) { text_[size_++] = c; }
  // A SAN token: `san` must be at most kMaxSan bytes.
  void put_san(std::string_view san) {
    copy_short(text_ + size_, san.data(), san.size());
    size_ += san.size();
  }
  // The same from a node's token, copied whole (16 bytes, its size among them): no
  // branches on the token's length, which varies from move to move.
  void put_token(const pgn::WrittenSan& token) {
    static_assert(sizeof(pgn::WrittenSan) == 16 && std::is_trivially_copyable_v<pgn::WrittenSan>);
    // size_ <= 14 here (a move number of at most ten digits and "... "): 16 bytes fit.
    std::memcpy(text_ + size_, &token, sizeof token);
    size_ += token.size();
  }
  // Decimal digits of n (move numbers and NAG codes are never negative).
  void number(unsigned long long n) {
    size_ = static_cast<std::size_t>(std::to_chars(text_ + size_, std::end(text_), n).ptr - text_);
  }
  static constexpr std::size_t kMaxSan = 15;

 private:
  char text_[kCapacity];
  std::size_t size_ = 0;
};

// Appends to a string through a pointer. std::string's append is a call into the library
// for every piece (a space, a brace, a word), which cost annotate more than deciding where
// the lines break; here the pieces go into a buffer on the stack, which goes to the string
// a few kilobytes at a time. (Writing into the string itself meant resizing it first,
// which zeroes every new byte: a tenth of write_pgn.)
class TextSink {
 public:
  TextSink(std::string& out, std::size_t expected) : out_(out) {
    // Room for the usual game at once; doubling, so that a caller appending game after
    // game to one string copies it a few times only.
    if (out.capacity() - out.size() < expected) out.reserve(std::max(out.size() + expected, 2 * out.capacity()));
  }
  ~TextSink() { flush(); }
  TextSink(const TextSink&) = delete;
  TextSink& operator=(const TextSink&) = delete;

  // Room for n more bytes, then writes through put_unchecked() up to them.
  void room(std::size_t n) {
    if (static_cast<std::size_t>(end_ - p_) < n) make_room(n);
  }
  void put_unchecked(char c) { *p_++ = c; }
  [[gnu::always_inline]] void put_unchecked(std::string_view text) {
    copy_short(p_, text.data(), text.size());
    p_ += text.size();
  }
  void put(char c) {
    room(1);
    put_unchecked(c);
  }
  void put(std::string_view text) {
    room(text.size());
    put_unchecked(text);
  }
  // The `size` bytes at from, copied as kPadded (from has that many readable, and the
  // sink room for them): a copy of a fixed size, without branches on the size.
  template <std::size_t kPadded>
  void put_padded(const char* from, std::size_t size) {
    room(kPadded);
    std::memcpy(p_, from, kPadded);
    p_ += size;
  }
  // Where the next byte goes, counted in the whole string; and a byte written there before
  // overwritten (the wrapper moving a line break back).
  std::size_t position() const { return out_.size() + static_cast<std::size_t>(p_ - base_); }
  void set_at(std::size_t at, char c) {
    if (at >= out_.size()) base_[at - out_.size()] = c;
    else out_[at] = c;
  }

 private:
  static constexpr std::size_t kChunk = 2048;  // below the size where memcpy turns to `rep movsb`

  void flush() {
    out_.append(base_, static_cast<std::size_t>(p_ - base_));
    p_ = base_;
  }
  // The buffered text goes to the string; a piece longer than the buffer gets one of its
  // size on the heap (a huge tag value or comment).
  [[gnu::noinline]] void make_room(std::size_t n) {
    flush();
    if (static_cast<std::size_t>(end_ - base_) >= n) return;
    big_.reset(new char[n]);  // not zeroed
    base_ = p_ = big_.get();
    end_ = base_ + n;
  }

  std::string& out_;
  char chunk_[kChunk];
  std::unique_ptr<char[]> big_;
  char* base_ = chunk_;  // the buffer in use: chunk_ or big_
  char* p_ = chunk_;
  char* end_ = chunk_ + kChunk;
};

// Fills lines word by word up to a width in columns (spec 8.2: export movetext lines are
// less than 80 columns, so at most 79). A word longer than the width gets a line of its own; a word that
// starts with '%' never starts a line.
class Wrapper {
 public:
  Wrapper(TextSink& out, std::size_t width) : out_(out), width_(width) {}

  // Adds a word, separated from the previous one by a space unless glued.
  void word(std::string_view w) {
    if (!prefix_.empty()) {
      prefix_ += w;
      place(prefix_);  // place writes to out_ only
      prefix_.clear();
      return;
    }
    place(w, columns(w));
  }
  // word() for text known to be ASCII (moves, move numbers, NAGs): one column a byte.
  void ascii_word(std::string_view w) {
    if (!prefix_.empty()) {
      word(w);
      return;
    }
    place(w, w.size());
  }
  // ascii_word for a move word, its array copied whole (TextSink::put_padded).
  void move_word(const MoveWord& m) {
    const std::size_t n = m.view().size();
    if (!prefix_.empty()) {
      word(m.view());
      return;
    }
    // As place(): the word starts with a digit, a letter or '$', never '%'.
    out_.room(1 + MoveWord::kCapacity);
    if (col_ > 0 && col_ + 1 + n > width_) break_before(false);
    if (col_ > 0) blank(false);
    out_.put_padded<MoveWord::kCapacity>(m.data(), n);
    col_ += n;
  }
  // Whether a text of `cols` columns, given to word(), stays on the current line, or
  // starts a line it fits on: then words that add up to it land exactly as it would.
  bool fits(std::size_t cols) const {
    const std::size_t need = (prefix_.empty() ? 0 : columns(prefix_)) + cols;
    return col_ == 0 ? need <= width_ : col_ + 1 + need <= width_;
  }
  // "{text}", `cols` columns with its braces, as one word, where fits(cols) said it stays whole.
  void braced(std::string_view text, std::size_t cols) {
    if (!prefix_.empty()) {
      prefix_.append(1, '{').append(text).append(1, '}');
      word("");
      return;
    }
    out_.room(text.size() + 3);
    if (col_ > 0) blank(false);
    out_.put_unchecked('{');
    out_.put_unchecked(text);
    out_.put_unchecked('}');
    col_ += cols;
  }
  // "{text}" word by word, as word() would take the words with the braces glued to the
  // first and the last, for an ASCII text; kPlain when its only whitespace is single
  // blanks (defined below).
  template <bool kPlain>
  void braced_words(std::string_view text);
  // The next word is written directly after text ("(" before a variation's first move).
  void glue_next(std::string_view text) { prefix_ += text; }
  // Whether nothing waits to be glued before the next word.
  bool glued_to_nothing() const { return prefix_.empty(); }
  // text goes directly after the last word (")" closing a variation) when it fits.
  void glue_prev(std::string_view text) {
    if (col_ > 0 && col_ + columns(text) <= width_) {
      out_.put(text);
      col_ += columns(text);
    } else {
      place(text);
    }
  }
  void finish() {
    if (!prefix_.empty()) {
      place(prefix_);
      prefix_.clear();
    }
    if (col_ > 0) out_.put('\n');
    col_ = 0;
    movable_blank_ = kNone;
  }

 private:
  static constexpr std::size_t kNone = ~std::size_t{0};

  // Before a word that does not fit on the line: a line break. A word starting with '%'
  // never starts a line (in the first column it would start an escape line, spec 6, and
  // the rest be lost): the break goes instead before the last word of this line that may
  // start one (a blank before it, no '%' first), taking the words after it along; with
  // none, the line runs long.
  void break_before(bool percent) {
    if (!percent) {
      out_.put_unchecked('\n');
      col_ = 0;
    } else if (movable_blank_ != kNone) {
      out_.set_at(movable_blank_, '\n');
      col_ -= movable_col_;
    }
    movable_blank_ = kNone;
  }
  // The blank before a word at col_ > 0; before one that may start a line, remembered
  // for break_before.
  void blank(bool percent) {
    if (!percent) {
      movable_blank_ = out_.position();
      movable_col_ = col_ + 1;
    }
    out_.put_unchecked(' ');
    ++col_;
  }

  void place(std::string_view w) { place(w, columns(w)); }
  [[gnu::always_inline]] void place(std::string_view w, std::size_t cols) {
    out_.room(w.size() + 1);
    const bool percent = !w.empty() && w[0] == '%';
    if (col_ > 0 && col_ + 1 + cols > width_) break_before(percent);
    if (col_ > 0) blank(percent);
    out_.put_unchecked(w);
    col_ += cols;
  }

  TextSink& out_;
  std::size_t width_;
  std::size_t col_ = 0;
  std::string prefix_;
  std::size_t movable_blank_ = kNone;  // the blank before the line's last word that may start a line
  std::size_t movable_col_ = 0;        // the column that word starts at
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// The bytes of the control character at text[i], 0 when there is none: C0, DEL, or a C1
// character in UTF-8 (U+0080..U+009F: what Windows-1252's undefined bytes convert to).
// Export format has printing characters only, but for line ends between tokens (spec
// 4.1, 7): a tab or line end would break a tag pair, so each is written as a blank.
std::size_t control_at(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c < 0x20 || c == 0x7F) return 1;
  if (c == 0xC2 && i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xE0) == 0x80) return 2;
  return 0;
}

}  // namespace

std::string blank_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = control_at(text, i);
    out += n ? ' ' : text[i];
    i += n ? n : 1;
  }
  return out;
}

namespace {

// control_at for a comment's text: whitespace (tab, line ends, VT, FF) is no control
// here, as the comment writer collapses it into blanks anyway.
std::size_t comment_control_at(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  return c >= 0x09 && c <= 0x0D ? 0 : control_at(text, i);
}

// A comment's text with each control character other than whitespace a blank, in
// scratch; the text itself when it has none (nearly every comment that is not plain: a
// multi-line one is copied no more).
std::string_view without_controls(std::string_view text, std::string& scratch) {
  std::size_t i = 0;
  while (i < text.size() && comment_control_at(text, i) == 0) ++i;
  if (i == text.size()) return text;
  scratch.assign(text.substr(0, i));
  while (i < text.size()) {
    const std::size_t n = comment_control_at(text, i);
    scratch += n ? ' ' : text[i];
    i += n ? n : 1;
  }
  return scratch;
}

// Reads the comment word at or after i into word ('}' written as ')', see header) and
// moves i past it; false when no word is left. A command ("[%csl Gd4,Re5]") is one word,
// its inner whitespace runs one space, so a line break never splits it.
bool next_comment_word(std::string_view text, std::size_t& i, std::string& word) {
  word.clear();
  bool in_command = false;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t s = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i == s) break;
    const std::string_view part = text.substr(s, i - s);
    if (in_command) word += ' ';
    const std::size_t at = word.size();
    word += part;
    if (part.find('}') != std::string_view::npos) std::replace(word.begin() + std::ptrdiff_t(at), word.end(), '}', ')');
    if (!in_command && part.size() >= 2 && part[0] == '[' && part[1] == '%' && text.find(']', s) != std::string_view::npos)
      in_command = true;
    if (in_command && part.find(']') != std::string_view::npos) in_command = false;
    if (!in_command) break;
  }
  return !word.empty();
}

// The first blank (any whitespace) at or after i, or the text's end.
std::size_t next_space(std::string_view text, std::size_t i) {
  while (i < text.size() && !is_space(text[i])) ++i;
  return i;
}

// The end of the comment word that starts at s: its first blank, or for a command
// ("[%clk 0:03:00]") the first blank after its ']'. The words next_comment_word reads,
// as views, in a comment with no '}' whose commands' words stand one blank apart.
std::size_t comment_word_end(std::string_view text, std::size_t s) {
  const std::size_t e = next_space(text, s);
  if (s + 1 >= text.size() || text[s] != '[' || text[s + 1] != '%') return e;  // chars: no memcmp call
  const std::size_t close = text.find(']', s);
  return close == std::string_view::npos ? e : next_space(text, close);
}

// The words comment_word_end finds, placed as word() places them: the first after what is
// glued before it and '{', the last before '}' (write_comment_word_views, without its
// copies and columns() calls). Nothing is written for a text without a word. A word's
// columns are its bytes, as the text is ASCII.
template <bool kPlain>
void Wrapper::braced_words(std::string_view text) {
  const std::size_t n = text.size();
  const auto space = [](char c) {  // one test for the usual byte
    return kPlain ? c == ' ' : static_cast<unsigned char>(c) <= ' ' && is_space(c);
  };
  const auto space_from = [&](std::size_t i) {
    while (i < n && !space(text[i])) ++i;
    return i;
  };
  const auto word_from = [&](std::size_t i) {
    if constexpr (kPlain) return i < n ? i + 1 : n;  // one blank between words, none at the end
    while (i < n && space(text[i])) ++i;
    return i;
  };
  for (std::size_t s = kPlain ? 0 : word_from(0), start = s; s < n;) {  // plain: no blank first
    std::size_t e = space_from(s);  // comment_word_end
    if (text[s] == '[' && s + 1 < n && text[s + 1] == '%')
      if (const std::size_t close = text.find(']', s); close != std::string_view::npos) e = space_from(close);
    const std::size_t next = word_from(e);
    const std::string_view piece(text.data() + s, e - s);  // s < e <= size: no bounds check
    const bool first = s == start, last = next == n;
    const std::size_t glued = first ? prefix_.size() + 1 : 0;  // prefix_ is ASCII: only "(" and "{" are glued
    const std::size_t cols = glued + piece.size() + (last ? 1 : 0);
    out_.room(cols + 1);
    // As place() (the first word starts with '{' or '(').
    const bool percent = !first && piece[0] == '%';
    if (col_ > 0 && col_ + 1 + cols > width_) break_before(percent);
    if (col_ > 0) blank(percent);
    if (first) {
      out_.put_unchecked(prefix_);
      out_.put_unchecked('{');
      prefix_.clear();
    }
    out_.put_unchecked(piece);
    if (last) out_.put_unchecked('}');
    col_ += cols;
    s = next;
  }
}

// Whether text holds a command's "[%" (the only thing that makes a comment word span blanks).
bool has_command(std::string_view text) {
  for (std::size_t at = text.find('['); at != std::string_view::npos; at = text.find('[', at + 1))
    if (at + 1 < text.size() && text[at + 1] == '%') return true;
  return false;
}

// A comment word by word as views into its text, without copies: a plain comment that
// does not fit where it stands, or one with no '}' and no command whatever its whitespace
// (cutechess breaks its comments across lines: "{ 1.3s\n}").
void write_comment_word_views(Wrapper& w, std::string_view text) {
  std::size_t s = 0;
  while (s < text.size() && is_space(text[s])) ++s;
  if (s == text.size()) return;  // no word: the comment is not written
  w.glue_next("{");
  for (;;) {
    const std::size_t e = comment_word_end(text, s);
    std::size_t next = e;
    while (next < text.size() && is_space(text[next])) ++next;
    if (next == text.size()) {
      std::string last(text.substr(s, e - s));
      last += '}';
      w.word(last);
      return;
    }
    w.word(text.substr(s, e - s));
    s = next;
  }
}

using detail::Plainness;
using detail::plainness;

// An ASCII comment without '}' or a command, of at most kCapacity bytes, with each run of
// whitespace and control characters made one blank and none at either end, into `to`:
// what word by word writes of it (a cutechess comment broken across lines,
// "-1.16/4\n0.56s"), as a plain text. False for any other comment.
struct CollapsedComment {
  static constexpr std::size_t kCapacity = 512;
  char bytes[kCapacity];
  std::size_t size = 0;
  std::string_view view() const { return {bytes, size}; }
};
bool collapse_short_ascii(std::string_view text, CollapsedComment& to) {
  if (text.size() > CollapsedComment::kCapacity) return false;
  std::size_t n = 0;
  bool blank = false;  // a separator since the last word byte
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80 || c == '}' || (c == '[' && i + 1 < text.size() && text[i + 1] == '%')) return false;
    if (c <= ' ' || c == 0x7F) {
      blank = n > 0;
      continue;
    }
    if (blank) to.bytes[n++] = ' ';
    blank = false;
    to.bytes[n++] = static_cast<char>(c);
  }
  to.size = n;
  return true;
}

// A brace comment word by word, whitespace collapsed. One word is read ahead, so the
// last one gets the closing brace. False when it has no word (control characters only,
// each written as a blank): nothing is written, and nothing breaks the move numbers.
bool write_comment(Wrapper& w, std::string_view text) {
  // Most comments ("[%clk 0:03:00]", "+0.35/14 1.2s") are already words one space apart
  // and fit where they are: written whole, as word by word would write them.
  const Plainness kind = plainness(text);
  std::string blanked;
  if (kind == Plainness::No) {
    // Word by word, as below, without the copies and scans: a cutechess comment broken
    // across lines, or annotate's sentence appended to one.
    if (CollapsedComment c; collapse_short_ascii(text, c)) {
      if (c.size == 0) return false;
      w.braced_words<true>(c.view());
      return true;
    }
    text = without_controls(text, blanked);  // then whitespace, collapsed
    if (std::all_of(text.begin(), text.end(), is_space)) return false;
  }
  const bool plain = kind != Plainness::No;
  if (const std::size_t cols = plain ? (kind == Plainness::Ascii ? text.size() : columns(text)) + 2 : 0;
      plain && w.fits(cols)) {
    w.braced(text, cols);
    return true;
  }
  if (plain || (text.find('}') == std::string_view::npos && !has_command(text))) {
    if (kind == Plainness::Ascii)
      w.braced_words<true>(text);
    else if (kind == Plainness::No && is_ascii(text))
      w.braced_words<false>(text);
    else
      write_comment_word_views(w, text);
    return true;
  }
  std::string word, next;
  std::size_t i = 0;
  if (!next_comment_word(text, i, word)) return false;
  word.insert(word.begin(), '{');
  for (;;) {
    const bool more = next_comment_word(text, i, next);
    if (!more) word += '}';
    w.word(word);
    if (!more) return true;
    std::swap(word, next);
  }
}

// One open line of write_pgn; a variation pushes a frame, so nesting costs heap, not
// stack. The position is played forward only when a move's SAN must be written anew or a
// variation starts: a tree of canonical tokens (the replayer's usual) needs none.
struct LineFrame {
  const pgn::Line* line;
  const pgn::Node* nodes;   // line's, and their count: asked at every node, not worked out
  std::size_t size;
  Position pos;             // before node pos_at
  Color side;               // to move before node i
  int fullmove;             // the move number before node i
  std::size_t pos_at = 0;   // pos_at <= i
  std::size_t i = 0;        // node being written
  std::size_t var = 0;      // next variation of node i to write
  bool in_node = false;     // node i's move has been written, its variations are pending
  bool need_number = true;  // a Black move needs "N..." (line start, after comment or variation)

  LineFrame(const pgn::Line* l, const Position& start)
      : line(l),
        nodes(l->data()),
        size(l->size()),
        pos(start),
        side(start.side_to_move()),
        fullmove(start.fullmove_number()) {}
  const Position& before_node() {
    while (pos_at < i) pos.make_move(nodes[pos_at++].move);
    return pos;
  }
  void next_node() {  // as Position::make_move counts: Black's move, null or not, ends a move
    if (side == Black) ++fullmove;
    side = ~side;
    ++i;
    in_node = false;
  }
};

// The move number node i needs, into word: "12. ", or "12... " for Black after a break
// (a line's start, a comment or a variation), else nothing.
[[gnu::always_inline]] inline void move_number_text(const LineFrame& f, MoveWord& word) {
  word.clear();
  if (f.side == White || f.need_number) {
    word.number(static_cast<unsigned>(f.fullmove));
    word.put('.');  // characters: no copy routine for a literal
    if (f.side == Black) {
      word.put('.');
      word.put('.');
    }
    word.put(' ');
  }
}

// Node i's move as one word, into word: "12. Nf3", "12... Nf3" or "Nf3".
void move_text(LineFrame& f, const pgn::Node& n, MoveWord& word, std::string& scratch) {
  move_number_text(f, word);
  // The replayer found the token canonical: no need to write it anew. (A canonical SAN
  // has at most seven bytes; the test only guards the array.)
  if (n.san_canonical) {
    word.put_token(n.san_written);
    return;
  }
  const Position& pos = f.before_node();
  scratch.clear();
  append_san(pos, n.move, pos.after(n.move), scratch);
  word.put_san(scratch);
}

// A tag value with its quotes and backslashes escaped and its control characters blanked.
void write_escaped_value(TextSink& out, std::string_view value) {
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if (const std::size_t n = control_at(value, i)) {
      out.put_unchecked(' ');
      i += n - 1;
      continue;
    }
    if (c == '"' || c == '\\') out.put_unchecked('\\');
    out.put_unchecked(c);
  }
}

// A tag name with its control characters (a name read with the invalid-tag-name warning
// may hold them) each written as '_': a blank would end the name, and the export format has
// printing characters only.
void write_tag_name(TextSink& out, std::string_view name) {
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (const std::size_t n = control_at(name, i)) {
      out.put_unchecked('_');
      i += n - 1;
    } else {
      out.put_unchecked(name[i]);
    }
  }
}

// standard_name: name is a standard tag's spelling, which has no byte to write otherwise.
void write_tag(TextSink& out, std::string_view name, std::string_view value, bool standard_name = true) {
  out.room(name.size() + 2 * value.size() + 6);  // every byte of the value escaped at most
  out.put_unchecked('[');
  if (standard_name || detail::tag_value_verbatim(name))
    out.put_unchecked(name);
  else
    write_tag_name(out, name);
  out.put_unchecked(' ');
  out.put_unchecked('"');
  // Spec 8.1 escapes a quote and a backslash, nothing else; a control character (a tab
  // too, spec 7) has no escape and is written as a blank. Nearly every value has none.
  if (detail::tag_value_verbatim(value)) {
    out.put_unchecked(value);
  } else {
    write_escaped_value(out, value);
  }
  out.put_unchecked('"');
  out.put_unchecked(']');
  out.put_unchecked('\n');
}

constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kSevenTagRoster = {{
    {"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"}, {"White", "?"}, {"Black", "?"}, {"Result", "*"}}};

// The roster is the first seven of pgn::kStandardTags, in its order: a tag is in it when
// the index of its name there is below seven.
constexpr bool roster_leads_standard_tags() {
  for (std::size_t i = 0; i < kSevenTagRoster.size(); ++i)
    if (kSevenTagRoster[i].first != pgn::kStandardTags[i]) return false;
  return true;
}
static_assert(roster_leads_standard_tags());
constexpr int kRosterSize = static_cast<int>(kSevenTagRoster.size());
constexpr int kResultPlace = kRosterSize - 1;
static_assert(kSevenTagRoster[kResultPlace].first == "Result");

// The index of a name in pgn::kStandardTags spelt exactly so, for the names write_tags asks about.
constexpr int standard_place(std::string_view name) {
  for (std::size_t i = 0; i < std::size(pgn::kStandardTags); ++i)
    if (pgn::kStandardTags[i] == name) return static_cast<int>(i);
  return -1;
}
constexpr int kSetUpPlace = standard_place("SetUp"), kFenPlace = standard_place("FEN"),
              kVariantPlace = standard_place("Variant");
static_assert(kSetUpPlace >= 0 && kFenPlace >= 0 && kVariantPlace >= 0);

// Whether two names of one length are the same bytes: a loop, as a comparison of views
// is a memcmp call, for every tag of every game.
bool same_bytes(std::string_view a, std::string_view b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// A tag as written: views into the game's tags and pgn::kStandardTags (writing them copies
// no string), and the index of its name in kStandardTags, -1 for a name not there.
struct TagView {
  std::string_view name, value;
  int standard;
};
using Tags = RecycledVector<TagView>;  // a buffer a thread, not one a game

// The game's tags with standard names in their standard spelling. Of names that become
// equal, the one already in the standard spelling counts, else the first: the tag the
// reader replays from (pgn/start_position.cpp), so [fEn ...] beside [FEN ...] stays out.
Tags normalised_tags(const pgn::Game& game) {
  Tags tags;
  tags.reserve(game.tags.size());
  // Nearly every game spells each standard name as the standard does: its names are then
  // written as they are, and they are unique (a Game keeps the first tag of a name only),
  // so nothing is dropped and no set of the names written is needed.
  bool respelt = false;
  for (const auto& [name, value] : game.tags) {
    bool spelt_so = false;
    const int standard = pgn::standard_tag_index(name, spelt_so);
    respelt = respelt || (standard >= 0 && !spelt_so);
    tags.push_back({name, value, standard});
  }
  if (!respelt) return tags;
  tags.clear();
  // Nearly every game has a few dozen tags at most, and scans them. A game with more looks
  // its names up in a hash set, so that thousands of tags stay linear (200,000 took 21 s).
  const bool many = game.tags.size() > pgn::kScannedTagNames;
  std::unordered_set<std::string_view> present;
  if (many)
    for (const auto& [name, value] : game.tags) present.insert(name);
  pgn::TagNameSet used;
  for (const auto& [name, value] : game.tags) {
    const int standard = pgn::standard_tag_index(name);
    const std::string_view spelling = standard < 0 ? std::string_view() : pgn::kStandardTags[standard];
    // (The standard spelling has the name's length: standard_tag_index compares them.)
    if (standard >= 0 && !same_bytes(spelling, name) &&
        (many ? present.contains(spelling) : game.has_tag_spelt(spelling)))
      continue;
    const std::string_view use = standard < 0 ? std::string_view(name) : spelling;
    if (used.insert(use)) tags.push_back({use, value, standard});
  }
  return tags;
}

using pgn::is_result;

// The reduced export format (spec 3.2.4) has the Seven Tag Roster only; these stay too, as
// the game cannot be read without them (its start position, a Chess960 game's rules).
bool needed_in_reduced(int standard) {
  return standard == kSetUpPlace || standard == kFenPlace || standard == kVariantPlace;
}

// Whether a name holds a control character, which write_tag_name writes as '_'.
bool has_control(std::string_view name) {
  for (std::size_t i = 0; i < name.size(); ++i)
    if (control_at(name, i)) return true;
  return false;
}

// A name with a control character is written with '_' for it, and could then be another
// name of the game: [A\x01 ...] beside [A_ ...] would be two tags A_, and reading the output
// back would keep only the first. Such a name, when it meets a name written (one without
// a control character, whatever its place, or one renamed before it), gets "_2", "_3", ...
// (the first that is free): every name is written once, and a name without a control
// character is always written as it is. The new names are kept in `spelt`.
void unique_written_names(Tags& tags, std::vector<std::string>& spelt) {
  std::unordered_set<std::string> taken;
  for (const auto& [name, fallback] : kSevenTagRoster) taken.emplace(name);
  taken.emplace("SetUp");  // written before a FEN tag without one
  for (const TagView& t : tags)
    if (!has_control(t.name)) taken.emplace(t.name);
  spelt.reserve(tags.size());  // no reallocation: the views below point into it
  for (TagView& t : tags) {
    if (!has_control(t.name)) continue;
    std::string base;
    for (std::size_t i = 0; i < t.name.size(); ++i) {
      const std::size_t n = control_at(t.name, i);
      base += n ? '_' : t.name[i];
      if (n) i += n - 1;
    }
    std::string name = base;
    for (unsigned k = 2; taken.contains(name); ++k) name = base + "_" + std::to_string(k);
    taken.insert(name);
    t.name = spelt.emplace_back(std::move(name));
  }
}

void write_tags(const pgn::Game& game, TextSink& out, const std::string& result, bool reduced) {
  Tags tags = normalised_tags(game);
  // A name with a control character is rare (read with a warning, or from JSON): the
  // names are made unique only then.
  std::vector<std::string> spelt;
  // (tag_value_verbatim first: its vector scan is the quicker for the usual names.)
  const auto controls = [](const TagView& t) {
    return t.standard < 0 && !detail::tag_value_verbatim(t.name) && has_control(t.name);
  };
  if (std::any_of(tags.begin(), tags.end(), controls)) unique_written_names(tags, spelt);
  // The roster's values by their place in it, found in one pass: the names are unique.
  std::array<const std::string_view*, kSevenTagRoster.size()> roster{};
  bool has_setup = false, has_fen = false;
  for (const TagView& t : tags) {
    if (t.standard >= 0 && t.standard < kRosterSize && !roster[t.standard]) roster[t.standard] = &t.value;
    has_setup = has_setup || t.standard == kSetUpPlace;
    has_fen = has_fen || t.standard == kFenPlace;
  }
  for (int i = 0; i < kRosterSize; ++i) {
    const auto& [name, fallback] = kSevenTagRoster[i];
    const std::string_view* v = roster[i];
    // A Result tag is one of the four results (spec 8.1.1.7): another value ("?", "½-½")
    // gives way to the result written, as a missing tag does.
    if (v && !(i == kResultPlace && !is_result(*v))) write_tag(out, name, *v);
    else write_tag(out, name, i == kResultPlace ? std::string_view(result) : fallback);
  }
  for (const TagView& t : tags) {
    if ((t.standard >= 0 && t.standard < kRosterSize) || (reduced && !needed_in_reduced(t.standard))) continue;
    if (t.standard == kFenPlace && !has_setup) write_tag(out, "SetUp", "1");
    // The game was replayed from its FEN tag whatever SetUp said (pgn/start_position.cpp):
    // SetUp "0" beside it would send a reader to the standard position (spec 9.7.1).
    const bool set_up = t.standard == kSetUpPlace && has_fen;
    write_tag(out, t.name, set_up ? std::string_view("1") : t.value, t.standard >= 0);
  }
}

// comment_as_written for options that rewrite commands.
[[gnu::noinline]] std::string_view commands_rewritten(const std::string& text, const PgnWriteOptions& options,
                                                      std::string& scratch) {
  if (text.find("[%") == std::string::npos) return text;  // no command to canonicalise or strip
  if (!options.strip.clk && pgn::is_canonical_clock_comment(text)) return text;  // most comments of online games
  // The commands of the text as it is written, its control characters blanks: a command
  // a DEL spoilt ("[%clk \x7f 0:01:00]") reads as the next run would read it.
  std::string blanked;
  pgn::CommentData d = pgn::parse_comment_commands(without_controls(text, blanked));
  if (!d.has_commands()) return text;
  pgn::strip_commands(d, options.strip);
  scratch = pgn::render_comment_commands(d);
  return scratch;
}

// A comment as written (the game's, before a move or after one): its commands canonical or
// stripped when asked. The text itself when nothing changes, else the new text, kept in
// scratch. Inline: annotate asks neither, for every comment.
[[gnu::always_inline]] inline std::string_view comment_as_written(const std::string& text, const PgnWriteOptions& options,
                                                             std::string& scratch) {
  if (!options.canonical_commands && !options.strip.any()) return text;
  return commands_rewritten(text, options, scratch);
}

// What follows a move: its NAGs, then its comment. Export format has NAGs $0 to $255
// only (spec 8.2.4); a larger code (read with a warning, or from JSON) is kept as text at
// the end of the comment, "{good $300}": after the commands, as their canonical form puts
// them, so that the text reads back as written.
void write_after_move(Wrapper& w, LineFrame& f, const pgn::Node& n, const PgnWriteOptions& options, MoveWord& word,
                      std::string& rendered) {
  bool large = false;
  for (int nag : n.nags()) {
    if (nag > 255) {
      large = true;
      continue;
    }
    word.clear();
    word.put('$');
    word.number(static_cast<unsigned>(nag));
    w.ascii_word(word.view());
  }
  std::string_view text = n.comment_after.empty() ? std::string_view() : comment_as_written(n.comment_after, options, rendered);
  std::string with_nags;
  if (large) {
    with_nags = text;
    for (int nag : n.nags())
      if (nag > 255) with_nags.append(with_nags.empty() ? "$" : " $").append(std::to_string(nag));
    text = with_nags;
  }
  if (!text.empty() && write_comment(w, text)) f.need_number = true;
}

// The nodes from f.i on that hold a canonical move and at most a comment after it, no
// NAG, comment before or variation: nearly every node of a game. They get what the main
// loop of write_pgn gives them, without its questions for the rare parts. Stops at the
// first node with more, or at the line's end. Only where comments are written as they
// stand (no command rewritten or stripped): `comments` says whether they are written.
void write_plain_nodes(Wrapper& w, LineFrame& f, MoveWord& word, bool comments) {
  for (; f.i < f.size; f.next_node()) {
    const pgn::Node& n = f.nodes[f.i];
    if (n.extras_if_any() || !n.san_canonical) return;
    move_number_text(f, word);
    word.put_token(n.san_written);
    w.move_word(word);
    f.need_number = false;
    if (comments && !n.comment_after.empty()) {
      const std::string& text = n.comment_after;
      // The usual comment ("1.2s", "[%clk 0:03:00]"), ASCII words one blank apart: as
      // write_comment writes it, whole where it fits, else word by word.
      if (detail::plainness(text) != Plainness::Ascii) {
        if (!write_comment(w, text)) continue;
      } else if (w.fits(text.size() + 2)) {
        w.braced(text, text.size() + 2);
      } else {
        w.braced_words<true>(text);
      }
      f.need_number = true;
    }
  }
}

}  // namespace


std::string game_result(const pgn::Game& game) {
  if (is_result(game.result)) return game.result;
  if (const std::string* r = game.tag("Result"); r && is_result(*r)) return *r;
  return "*";
}

void write_pgn(const pgn::Game& game, std::string& out, const PgnWriteOptions& options) {
  const std::string result = game_result(game);
  // Room for the usual game at once (tags, and about 20 bytes a ply with its comment),
  // rather than the doublings that copy it again and again while it grows.
  TextSink sink(out, 40 * game.tags.size() + 20 * game.moves.size() + 64);
  write_tags(game, sink, result, options.reduced);
  sink.put('\n');
  Wrapper w(sink, options.line_width);
  const bool full = !options.reduced;
  std::string rendered;
  if (full && !game.comment.empty()) {
    const std::string_view text = comment_as_written(game.comment, options, rendered);
    if (!text.empty()) write_comment(w, text);
  }

  const bool plain_comments = !options.canonical_commands && !options.strip.any();
  RecycledVector<LineFrame> stack;  // a buffer a thread, not one a game
  stack.emplace_back(&game.moves, game.start);
  MoveWord word;
  std::string scratch;
  while (!stack.empty()) {
    LineFrame& f = stack.back();
    if (!f.in_node) {
      if (f.i == f.size) {
        const pgn::Line* ended = f.line;
        stack.pop_back();
        if (stack.empty()) continue;
        w.glue_prev(")");
        if (full && !ended->empty() && !ended->back().comment_after_variation().empty()) {
          const std::string_view text = comment_as_written(ended->back().comment_after_variation(), options, rendered);
          if (!text.empty()) write_comment(w, text);
        }
        continue;
      }
      if (plain_comments && w.glued_to_nothing()) {
        write_plain_nodes(w, f, word, full);
        if (f.i == f.size) continue;
      }
      const pgn::Node& n = f.nodes[f.i];
      const pgn::NodeExtras* extras = n.extras_if_any();  // nearly always none
      if (full && extras && !extras->comment_before.empty()) {
        const std::string_view text = comment_as_written(extras->comment_before, options, rendered);
        if (!text.empty() && write_comment(w, text)) f.need_number = true;
      }
      move_text(f, n, word, scratch);
      w.move_word(word);  // SAN tokens are ASCII: the lexer reads no other byte into one
      f.need_number = false;
      if (full) write_after_move(w, f, n, options, word, rendered);
      f.in_node = true;
      f.var = 0;
    }
    const pgn::Node& n = f.nodes[f.i];
    if (const pgn::NodeExtras* extras = n.extras_if_any(); full && extras && f.var < extras->variations.size()) {
      const pgn::Line* v = &extras->variations[f.var++];
      f.need_number = true;
      const Position from = f.before_node();
      w.glue_next("(");
      stack.emplace_back(v, from);  // f is invalid from here on
      continue;
    }
    f.next_node();
  }
  w.word(result);
  w.finish();
}

void write_uci_line(const pgn::Game& game, std::string& out) {
  // No replay needed: a Move holds its squares, and castling (stored as king takes own
  // rook) is the only move whose UCI depends on the position, through the variant only.
  // The unit tests check this against to_uci() on every corpus game.
  const bool chess960 = game.start.is_chess960();
  // Written in place: room for the longest, "e7e8q " per move, cut to size at the end.
  const std::size_t start = out.size();
  out.resize(start + 6 * game.mainline.size());
  char* w = out.data() + start;
  auto square = [&w](Square s) {
    *w++ = char('a' + file_of(s));
    *w++ = char('1' + rank_of(s));
  };
  for (const Move m : game.mainline) {
    if (w != out.data() + start) *w++ = ' ';
    if (m.is_null()) {
      for (int i = 0; i < 4; ++i) *w++ = '0';
      continue;
    }
    square(m.from());
    if (m.is_castling() && !chess960)
      square(make_square(file_of(m.to()) > file_of(m.from()) ? 6 : 2, rank_of(m.from())));  // king to g- or c-file
    else
      square(m.to());
    if (m.kind() == Move::Promotion) *w++ = " pnbrqk"[m.promotion()];
  }
  out.resize(static_cast<std::size_t>(w - out.data()));
}

void write_lan_line(const pgn::Game& game, std::string& out) {
  Position pos = game.start;
  bool first = true;
  for (const Move m : game.mainline) {
    if (!first) out += ' ';
    first = false;
    out += to_lan(pos, m);
    pos.make_move(m);
  }
}

void write_fen_lines(const pgn::Game& game, std::string& out) {
  Position pos = game.start;
  out += game.start_fen;
  out += '\n';
  for (const Move m : game.mainline) {
    pos.make_move(m);
    out += to_fen(pos);
    out += '\n';
  }
}

std::string to_epd(const Position& pos, std::string_view operations) {
  std::string out = to_epd_fields(pos);
  out.append(" ").append(operations).append("hmvc ").append(std::to_string(pos.halfmove_clock()));
  out.append("; fmvn ").append(std::to_string(pos.fullmove_number())).append(";");
  return out;
}

void write_epd_lines(const pgn::Game& game, std::string& out) {
  Position pos = game.start;
  out += to_epd(pos);
  out += '\n';
  for (const Move m : game.mainline) {
    pos.make_move(m);
    out += to_epd(pos);
    out += '\n';
  }
}

}  // namespace chesstool::output
