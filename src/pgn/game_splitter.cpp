// SPDX-License-Identifier: MIT
// GameSplitter implementation: a byte-level state machine over a sliding buffer.
#include "pgn/game_splitter.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include "pgn/byte_scan.hpp"

namespace chesstool::pgn {

namespace {
constexpr std::size_t kInitialCapacity = io::ByteSource::kChunkSize;

// "1." or "1.e4", but not "1..." (Black's first move continues a game).
bool is_first_move_number(const char* p, std::size_t n) { return n >= 2 && p[0] == '1' && p[1] == '.' && (n == 2 || p[2] != '.'); }

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// The symbol bytes that go on a symbol at once: all but 0xEF, which may begin a BOM.
constexpr std::array<bool, 256> make_plain_symbol_bytes() {
  std::array<bool, 256> t{};
  for (std::size_t c = 0; c < 256; ++c) t[c] = detail::kByteClass[c] == detail::kSymbol && c != 0xEF;
  return t;
}
constexpr std::array<bool, 256> kPlainSymbolByte = make_plain_symbol_bytes();

// The end of the symbol whose bytes go on from b[p]: the first byte from p that is not a
// symbol byte or that begins a UTF-8 BOM (detail::is_bom), else n. While more input is to
// come, it also stops at a 0xEF that the end of the buffer may have cut from the rest of a
// BOM (GameSplitter::symbol_cut). Per byte as cheap as the plain loop: one table look-up.
std::size_t symbol_end(const unsigned char* b, std::size_t p, std::size_t n, bool more) {
  for (;;) {
    while (p < n && kPlainSymbolByte[b[p]]) ++p;
    if (p == n || b[p] != 0xEF || detail::is_bom(b + p, n - p)) return p;
    if (detail::bom_may_be_cut(b + p, n - p, more)) return p;
    ++p;
  }
}
}  // namespace

namespace detail {

std::size_t scan_tag_pair(const unsigned char* b, std::size_t p, std::size_t n, TagScan& state) {
  // Each state jumps straight to the next byte that can change it.
  while (p < n) {
    if (state == TagScan::InTag) {
      p = static_cast<std::size_t>(find_any<']', '"', '\n', '\r'>(b + p, b + n) - b);
      if (p == n) break;
      if (b[p] == '"') {
        state = TagScan::InString;
        ++p;
      } else if (b[p] == ']') {
        state = TagScan::Closed;
        return p + 1;
      } else {
        state = TagScan::LineEnd;
        return p;
      }
    } else if (state == TagScan::InString) {
      p = static_cast<std::size_t>(find_any<'"', '\\', '\n', '\r'>(b + p, b + n) - b);
      if (p == n) break;
      if (b[p] == '\n' || b[p] == '\r') {
        state = TagScan::LineEnd;
        return p;
      }
      if (b[p] == '"') {
        state = TagScan::InTag;
        // Nearly every value is followed by the ']' that closes the tag pair.
        if (p + 1 < n && b[p + 1] == ']') {
          state = TagScan::Closed;
          return p + 2;
        }
      } else {
        state = TagScan::AfterBackslash;
      }
      ++p;
    } else if (state == TagScan::AfterBackslash) {
      if (b[p] == '\n' || b[p] == '\r') {
        state = TagScan::LineEnd;
        return p;
      }
      state = TagScan::InString;
      ++p;
    } else {
      break;  // already done
    }
  }
  return p;
}

}  // namespace detail

GameSplitter::GameSplitter(io::ByteSource& source, std::size_t max_game_bytes)
    : source_(source),
      buf_(std::make_unique_for_overwrite<char[]>(kInitialCapacity)),
      capacity_(kInitialCapacity),
      max_game_bytes_(max_game_bytes) {}

GameSplitter::~GameSplitter() = default;

bool GameSplitter::next(RawGame& out) {
  for (;;) {
    if (scan() == Scan::GameDone) {
      // A game read whole in one large read is held to the limit too: the same bytes
      // give the same games from a file, a pipe or a compressed stream.
      if (game_end_ - game_start_ > max_game_bytes_) {
        stop_at_oversized_game();
        return false;
      }
      emit(out);
      return true;
    }
    if (input_done_) {
      // Whatever is open (an unterminated comment, a game without result) ends here.
      state_ = State::Between;
      if (in_game_) {
        ended_at_marker_ = false;
        game_end_ = len_;
        if (game_end_ - game_start_ > max_game_bytes_) {
          stop_at_oversized_game();
          return false;
        }
        emit(out);
        return true;
      }
      return false;
    }
    refill();
  }
}

// The open game is dropped and nothing more is read: next() returns no game.
void GameSplitter::stop_at_oversized_game() {
  source_.stop("the game at line " + std::to_string(game_line_) + " runs past " + std::to_string(max_game_bytes_ >> 20) +
               " MiB (a comment or variation never closed?): it and the rest of the input are not read");
  in_game_ = false;
  state_ = State::Between;
  input_done_ = true;
}

void GameSplitter::refill() {
  if (in_game_ && len_ - game_start_ > max_game_bytes_) {
    stop_at_oversized_game();
    return;
  }
  // Keep the open game (it is returned as one contiguous string) and the byte before
  // pos_ (so an LF right after a buffer boundary can tell whether it ends a CRLF).
  std::size_t keep = pos_ > 0 ? pos_ - 1 : 0;
  if (in_game_) keep = std::min(keep, game_start_);
  // A '%' line between games too, up to a game's size: a NUL in it starts a game there.
  if (!in_game_ && state_ == State::BetweenEscape && escape_start_ >= base_ &&
      base_ + len_ - escape_start_ <= max_game_bytes_)
    keep = std::min(keep, static_cast<std::size_t>(escape_start_ - base_));
  if (keep > 0) {
    std::memmove(buf_.get(), buf_.get() + keep, len_ - keep);
    len_ -= keep;
    pos_ -= keep;
    base_ += keep;
    game_start_ = game_start_ >= keep ? game_start_ - keep : 0;
    symbol_start_ = symbol_start_ >= keep ? symbol_start_ - keep : 0;
  }
  // Doubling once live data passes half the buffer means every refill reads at least
  // as many bytes as it moved, so even a 100 MB game costs linear time.
  std::size_t new_capacity = capacity_;
  if (len_ > capacity_ / 2) {
    new_capacity = capacity_ * 2;
  } else if (capacity_ >= 8 * kInitialCapacity && len_ <= kInitialCapacity / 2) {
    new_capacity = kInitialCapacity;  // give memory back after a huge game
  }
  if (new_capacity != capacity_) {
    auto bigger = std::make_unique_for_overwrite<char[]>(new_capacity);
    std::memcpy(bigger.get(), buf_.get(), len_);
    buf_ = std::move(bigger);
    capacity_ = new_capacity;
  }
  const std::size_t got = source_.read(buf_.get() + len_, capacity_ - len_);
  if (got == 0) input_done_ = true;
  len_ += got;
}

void GameSplitter::newline_lf(std::size_t i) {
  // LF after CR is the second half of one CRLF line end.
  if (i == 0 || buf_[i - 1] != '\r') {
    ++line_;
    if (line_blank_) empty_line_seen_ = true;
    last_line_end_ = LineEnd::Lf;
  } else {
    last_line_end_ = LineEnd::Crlf;
  }
  line_start_ = base_ + i + 1;
  line_blank_ = true;
}

void GameSplitter::newline_cr(std::size_t i) {
  last_line_end_ = LineEnd::Cr;  // Crlf when an LF follows
  ++line_;
  if (line_blank_) empty_line_seen_ = true;
  line_start_ = base_ + i + 1;
  line_blank_ = true;
}

// Line ends that skip_movetext_run passed over, the last one at buf_[last]: as newline_lf
// and newline_cr would count them, in a line that has movetext (line_blank_ stays false:
// the line after each starts with a symbol, or the line end is in a closed comment).
void GameSplitter::passed_line_ends(const detail::LineEnds& lines, std::size_t last) {
  line_ += lines.count;
  line_start_ = base_ + last + 1;
  if (buf_[last] == '\r')
    last_line_end_ = LineEnd::Cr;
  else
    last_line_end_ = buf_[last - 1] == '\r' ? LineEnd::Crlf : LineEnd::Lf;
}

// The style of the first line end after buf_[end) when the buffer holds it, else of the
// last one read (a game ending at the end of a read), for RawGame::crlf_after.
bool GameSplitter::crlf_after(std::size_t end) const {
  const auto* b = reinterpret_cast<const unsigned char*>(buf_.get());
  const auto q = static_cast<std::size_t>(detail::find_any<'\n', '\r'>(b + end, b + len_) - b);
  // A CR as the last byte read may be half a CRLF: the last line end read decides then.
  if (q + 1 < len_ || (q < len_ && b[q] == '\n')) return b[q] == '\r' && b[q + 1] == '\n';
  return last_line_end_ == LineEnd::Crlf;
}

GameSplitter::Scan GameSplitter::game_ends_at(std::size_t i) {
  ended_at_marker_ = false;  // the marker's callers say otherwise
  game_end_ = i;
  pos_ = i;
  state_ = State::Between;
  return Scan::GameDone;
}

void GameSplitter::start_game(std::size_t i) {
  in_game_ = true;
  has_movetext_ = false;
  has_tags_ = false;
  tag_names_.clear();
  tag_names_to_ = 0;
  depth_ = 0;
  game_start_ = i;
  game_line_ = line_;
  game_offset_ = base_ + i;
  const std::uint64_t column = base_ + i - line_start_ + 1;
  game_column_ = static_cast<std::uint32_t>(std::min<std::uint64_t>(column, std::numeric_limits<std::uint32_t>::max()));
}

void GameSplitter::emit(RawGame& out) {
  std::size_t end = game_end_;
  for (;;) {
    while (end > game_start_ && is_blank(buf_[end - 1])) --end;
    // A BOM that begins the line after the game (a file concatenated to this one) is
    // not the game's text (the movetext and comment scans skip it at a line start).
    if (end - game_start_ >= 4 && std::memcmp(buf_.get() + end - 3, "\xEF\xBB\xBF", 3) == 0 &&
        (buf_[end - 4] == '\n' || buf_[end - 4] == '\r')) {
      end -= 3;
      continue;
    }
    break;
  }
  // A game whose first byte is a '%' not in column 1 (there it is an escape line, spec 6)
  // keeps one blank before it, so that a copy of its text written at a line start (an
  // invalid game passed on unchanged) is not an escape line that the next reader drops.
  // (A game that starts at an escape line, in column 1, keeps it one: nul_in_escape_line.)
  const bool keep_a_blank = buf_[game_start_] == '%' && game_column_ != 1;
  if (keep_a_blank) {
    out.text.assign(1, ' ');
    out.text.append(buf_.get() + game_start_, end - game_start_);
  } else {
    out.text.assign(buf_.get() + game_start_, end - game_start_);
  }
  out.crlf_after = crlf_after(end);
  out.has_movetext = has_movetext_;
  out.ended_at_marker = ended_at_marker_;
  out.index = ++count_;
  out.line = game_line_;
  out.column = game_column_ - (keep_a_blank ? 1 : 0);
  out.byte_offset = game_offset_ - (keep_a_blank ? 1 : 0);
  in_game_ = false;
}

// The states of skip_comment, always inlined into it. Each returns true when
// skip_comment must return p: at the end of the buffer, after the closing '}', or where a
// tag pair line ends the game.

// Mid-line: only '}' and line ends matter.
[[gnu::always_inline]] inline bool GameSplitter::comment_text(const unsigned char* b, std::size_t& p, std::size_t n) {
  using detail::kByteClass;
  for (;;) {
    p = static_cast<std::size_t>(detail::find_any<'}', '\n', '\r'>(b + p, b + n) - b);
    if (p == n) return true;
    if (b[p] == '}') {
      state_ = State::Movetext;
      // The comment is a token on its line; empty lines inside it separate nothing.
      line_blank_ = false;
      empty_line_seen_ = false;
      ++p;
      return true;
    }
    if (b[p] == '\n') {
      newline_lf(p++);
    } else {
      newline_cr(p++);
    }
    // A line that starts with a symbol byte is neither empty nor a tag pair line: the
    // usual case in wrapped comment text, which stays here (a BOM, not counted in the
    // line's columns, is LineStart's).
    if (p < n && kByteClass[b[p]] == detail::kSymbol && b[p] != 0xEF) continue;
    break;
  }
  comment_after_empty_ = false;  // the line just ended had the text that Text skipped
  comment_semicolon_offset_ = kNoOffset;
  comment_scan_ = CommentScan::LineStart;
  return false;
}

// A ';' line after an empty line: a comment line before the next game's tags, as annotate
// writes its warning line, unless a '}' on it closes the open comment after all.
[[gnu::always_inline]] inline bool GameSplitter::comment_semicolon_line(const unsigned char* b, std::size_t& p,
                                                                        std::size_t n) {
  p = static_cast<std::size_t>(detail::find_any<'}', '\n', '\r'>(b + p, b + n) - b);
  if (p == n) return true;
  if (b[p] == '}') {
    comment_semicolon_offset_ = kNoOffset;
    comment_scan_ = CommentScan::Text;  // which ends the comment at this '}'
    return false;
  }
  if (b[p] == '\n') {
    newline_lf(p++);
  } else {
    newline_cr(p++);
  }
  comment_scan_ = CommentScan::LineStart;  // comment_after_empty_ stays: a tag line may follow
  return false;
}

// At the leading blanks of a line: an empty line, a '[' after an empty line, or text.
[[gnu::always_inline]] inline bool GameSplitter::comment_line_start(const unsigned char* b, std::size_t& p,
                                                                     std::size_t n) {
  using detail::kByteClass;
  while (p < n && kByteClass[b[p]] == detail::kSpace) ++p;
  if (p == n) return true;
  const unsigned char c = b[p];
  if (c == 0xEF && base_ + p == line_start_) {
    // A BOM at a line start (a file concatenated to one that left a comment open): the
    // line starts after it, so a tag pair line after it still ends the game.
    if (n - p < 3 && !input_done_) {
      need_input_ = true;
      return true;
    }
    if (n - p >= 3 && b[p + 1] == 0xBB && b[p + 2] == 0xBF) {
      line_start_ += 3;
      p += 3;
      return false;
    }
  }
  if (c == '\r' || c == '\n') {
    // The LF of a CRLF is not a line of its own; any other line end here ends a line of
    // blanks only.
    // (The ';' lines before an empty line are not the next game's.)
    if (c == '\r') {
      newline_cr(p);
      comment_after_empty_ = true;
      comment_semicolon_offset_ = kNoOffset;
    } else {
      if (p == 0 || b[p - 1] != '\r') {
        comment_after_empty_ = true;
        comment_semicolon_offset_ = kNoOffset;
      }
      newline_lf(p);
    }
    ++p;
    return false;
  }
  if (c == ';' && comment_after_empty_) {
    if (comment_semicolon_offset_ == kNoOffset) {
      comment_semicolon_offset_ = base_ + p;
      comment_semicolon_line_ = line_;
      comment_semicolon_line_start_ = line_start_;
    }
    comment_scan_ = CommentScan::SemicolonLine;
    ++p;
    return false;
  }
  if (c == '[' && comment_after_empty_) {
    comment_tag_offset_ = base_ + p;
    comment_scan_ = CommentScan::TagBracket;
    ++p;
    return false;
  }
  comment_semicolon_offset_ = kNoOffset;
  comment_scan_ = CommentScan::Text;  // c is looked at again there (it may be '}')
  return false;
}

// After a '[' that began a line after an empty one: is this a tag pair line?
[[gnu::always_inline]] inline bool GameSplitter::comment_tag_line(const unsigned char* b, std::size_t& p,
                                                                   std::size_t n) {
  using detail::kByteClass;
  switch (comment_scan_) {
    case CommentScan::TagBracket: {
      while (p < n && kByteClass[b[p]] == detail::kSpace) ++p;
      if (p == n) return true;
      const unsigned char c = b[p];
      const bool name_start = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
      if (name_start) {
        comment_scan_ = CommentScan::TagName;
        ++p;
      } else {
        comment_scan_ = CommentScan::Text;
      }
      return false;
    }
    case CommentScan::TagName:
      while (p < n && kByteClass[b[p]] == detail::kSymbol) ++p;
      if (p == n) return true;
      comment_scan_ = CommentScan::TagAfterName;
      return false;
    default:  // TagAfterName
      while (p < n && kByteClass[b[p]] == detail::kSpace) ++p;
      if (p == n) return true;
      if (b[p] == '"') {
        // A tag pair line after an empty line: the comment was never closed in time. The
        // game ends before it, or before the ';' lines between them.
        if (comment_semicolon_offset_ != kNoOffset) {
          // Read again from there: its lines are counted once more, from the first.
          p = static_cast<std::size_t>(comment_semicolon_offset_ - base_);
          line_ = comment_semicolon_line_;
          line_start_ = comment_semicolon_line_start_;
          comment_semicolon_offset_ = kNoOffset;
        } else {
          p = static_cast<std::size_t>(comment_tag_offset_ - base_);
        }
        game_ends_at(p);
        return true;
      }
      comment_semicolon_offset_ = kNoOffset;
      comment_scan_ = CommentScan::Text;
      return false;
  }
}

std::size_t GameSplitter::skip_comment(const unsigned char* b, std::size_t p, std::size_t n) {
  // Spec 5: no nesting, the first '}' ends the comment. Most comments are short and on
  // one line: one search finds the end or the next line end. Only at a line start is
  // there more to look at: whether the line is empty, and after an empty line whether
  // it is a tag pair line, which ends the game (see the header).
  for (;;) {
    bool stop = false;
    switch (comment_scan_) {
      case CommentScan::Text:
        stop = comment_text(b, p, n);
        break;
      case CommentScan::LineStart:
        stop = comment_line_start(b, p, n);
        break;
      case CommentScan::TagBracket:
      case CommentScan::TagName:
      case CommentScan::TagAfterName:
        stop = comment_tag_line(b, p, n);
        break;
      case CommentScan::SemicolonLine:
        stop = comment_semicolon_line(b, p, n);
        break;
    }
    if (stop) return p;
  }
}

std::size_t GameSplitter::skip_tag(const unsigned char* b, std::size_t p, std::size_t n) {
  p = detail::scan_tag_pair(b, p, n, tag_scan_);
  // The line end that cuts a broken tag pair is left for Movetext to count.
  if (tag_scan_ == detail::TagScan::Closed || tag_scan_ == detail::TagScan::LineEnd) state_ = State::Movetext;
  return p;
}

// scan() and its per-state parts below are the splitter's hot loop. The parts are always
// inlined into scan(), so the state stays in registers as it did when scan() was one
// function of 200 lines: validate --jobs 1 on 42 MB (ten copies of the corpus archives)
// took 0.32-0.57 s of CPU before the split and 0.41-0.58 s after, runs interleaved on a
// loaded machine: no difference beyond the noise.

// Between games: blanks, line ends, BOMs and '%' lines, up to the first byte of a game.
// Returns false when scan() must stop for more input.
[[gnu::always_inline]] inline bool GameSplitter::scan_between(const unsigned char* b, std::size_t& p, std::size_t n) {
  using namespace detail;
  for (; p < n; ++p) {
    const unsigned char c = b[p];
    const std::uint8_t k = kByteClass[c];
    // A NUL is a blank only inside a game: here it starts one, whose parser reports it.
    if (k == kSpace && c != 0) continue;
    if (k == kLf) {
      newline_lf(p);
      continue;
    }
    if (k == kCr) {
      newline_cr(p);
      continue;
    }
    if (c == 0xEF) {
      // A UTF-8 BOM (at the start of the file, or of a concatenated file) is skipped; at
      // the start of a line it does not count as columns.
      if (n - p < 3 && !input_done_) return false;
      if (n - p >= 3 && b[p + 1] == 0xBB && b[p + 2] == 0xBF) {
        if (base_ + p == line_start_) line_start_ += 3;
        p += 2;
        continue;
      }
    }
    break;
  }
  if (p == n) return true;
  if (b[p] == '%' && base_ + p == line_start_) {
    state_ = State::BetweenEscape;  // spec 6: a '%' in column 1 makes the line ignored
    escape_start_ = base_ + p;
    ++escape_lines_;
    ++p;
    return true;
  }
  start_game(p);
  // A game that a NUL starts (binary data between games) is text, as movetext is: a tag
  // pair line after it starts the next game, as it does again when the game is read back
  // from a writer that copied it (found by QA: a NUL game took the next game's tags).
  // The empty lines before it are between games: a "1." after them on its line is no
  // game of its own (the NUL, a blank, would not end them), as at the start of a file.
  if (b[p] == 0) {
    has_movetext_ = true;
    empty_line_seen_ = false;
  }
  state_ = State::Movetext;
  return true;
}

// A NUL at b[p] in a '%' line between games: the line starts a game, so that its parser
// reports the NUL. The game starts at the '%', in column 1, where the line stays an escape
// line (the Escape state finds the NUL: the game has text). After a game's size of the
// line (more than refill holds), at the NUL, the rest of the line read as a game a NUL
// starts: decided by where the NUL is, so the same bytes give the same games whatever the
// reads.
void GameSplitter::nul_in_escape_line(std::size_t p) {
  if (base_ + p - escape_start_ >= max_game_bytes_) {
    start_game(p);
    state_ = State::Movetext;
    return;
  }
  start_game(static_cast<std::size_t>(escape_start_ - base_));
  line_blank_ = false;  // as movetext_token makes it at an escape line in a game
  empty_line_seen_ = false;
  state_ = State::Escape;
}

namespace {

// The name of the tag pair whose '[' is b[p], up to end: after blanks, the bytes up to a
// blank, a quote or ']' (as the parser reads a name); empty when there is none.
std::string_view tag_name_at(const unsigned char* b, std::size_t p, std::size_t end) {
  std::size_t i = p + 1;
  while (i < end && (b[i] == ' ' || b[i] == '\t')) ++i;
  const std::size_t start = i;
  while (i < end && b[i] != ' ' && b[i] != '\t' && b[i] != '"' && b[i] != ']' && b[i] != '\n' && b[i] != '\r') ++i;
  return {reinterpret_cast<const char*>(b) + start, i - start};
}

}  // namespace

// Whether the tag pair at b[p] (its line ending at line_end) names a tag that the game's
// text before it has. Only for a game of tags only: its text holds tag pairs, comments,
// escape lines and blanks. Rare: the names are read only when asked, each once.
bool GameSplitter::repeats_a_tag(const unsigned char* b, std::size_t p, std::size_t line_end) {
  const std::string_view name = tag_name_at(b, p, line_end);
  if (name.empty()) return false;
  // The names of the text before p, read once: from where the last call stopped (p is
  // always a '[' starting a line outside comments, so reading resumes at a token).
  std::size_t i = static_cast<std::size_t>(std::max(tag_names_to_, base_ + game_start_) - base_);
  while (i < p) {
    const unsigned char c = b[i];
    if (c == '[') {
      const auto* eol = detail::find_any<'\n', '\r'>(b + i, b + p);
      tag_names_.emplace(tag_name_at(b, i, static_cast<std::size_t>(eol - b)));
      detail::TagScan state = detail::TagScan::InTag;
      i = detail::scan_tag_pair(b, i + 1, p, state);
    } else if (c == '{') {
      i = static_cast<std::size_t>(detail::find_any<'}'>(b + i + 1, b + p) - b);
    } else if (c == ';' || (c == '%' && (i == game_start_ || b[i - 1] == '\n' || b[i - 1] == '\r'))) {
      i = static_cast<std::size_t>(detail::find_any<'\n', '\r'>(b + i, b + p) - b);
    } else {
      ++i;
    }
  }
  tag_names_to_ = base_ + p;
  return tag_names_.contains(std::string(name));
}

// A tag line after an empty line in a game of tags only, its '[' at b[p]: a new game when
// it repeats a tag the game has (uzchesscup's pairings), the same one otherwise (ChessBase
// puts an empty line inside a tag section). Decided on the whole line: Leave, the line
// state as it was before the token, when the buffer does not hold it yet.
GameSplitter::Step GameSplitter::tag_line_after_empty_line(const unsigned char* b, std::size_t p, std::size_t n) {
  const auto* eol = detail::find_any<'\n', '\r'>(b + p, b + n);
  if (eol == b + n && !input_done_) {
    line_blank_ = true;  // the token is read again after the refill
    empty_line_seen_ = true;
    need_input_ = true;
    return Step::Leave;
  }
  if (!repeats_a_tag(b, p, static_cast<std::size_t>(eol - b))) return Step::Next;
  game_ends_at(p);
  return Step::GameDone;
}

// The termination marker at depth 0 has been read: the rest of its line decides where
// the game ends (scan_after_marker). closed: a byte after it closed it.
GameSplitter::Step GameSplitter::marker_seen(bool closed) {
  marker_closed_ = closed;
  state_ = State::AfterMarker;
  return Step::Leave;
}

// The rest of the line after a termination marker, token by token from b[p]: a comment
// that closes on the line, a ';' comment and text that starts no game belong to the game
// (a note after the result, or text the parser reports as text-after-result); the line
// end, a tag pair ('['), a move number or move of at most 16 bytes (detail::starts_a_game)
// or a comment that runs on to another line end it, the next game starting there. Work
// per byte is constant: the search for a comment's '}' and the skip over a long symbol
// or a ';' comment go on after a refill where they stopped.
GameSplitter::Scan GameSplitter::scan_after_marker(const unsigned char* b, std::size_t& p, std::size_t n) {
  using namespace detail;
  for (;;) {
    if (after_skip_ != AfterSkip::None) {  // the rest of a symbol, or of a ';' comment
      if (after_skip_ == AfterSkip::Symbol) {
        p = symbol_end(b, p, n, !input_done_);
        if (symbol_cut(b, p, n)) return wait_for_input(p);
      } else {
        p = static_cast<std::size_t>(find_any<'\n', '\r'>(b + p, b + n) - b);
        if (p == n && !input_done_) return wait_for_input(p);
      }
      after_skip_ = AfterSkip::None;
    }
    if (p == n) {
      if (!input_done_) return wait_for_input(p);
      return end_after_marker(p);
    }
    const unsigned char c = b[p];
    const std::uint8_t k = kByteClass[c];
    if (k == kSpace) {
      ++p;
      continue;
    }
    if (k == kLf || k == kCr || k == kLBracket) return end_after_marker(p);
    if (k == kLBrace) {
      const std::size_t from = brace_scan_from_ > base_ + p ? static_cast<std::size_t>(brace_scan_from_ - base_) : p + 1;
      const unsigned char* q = find_any<'}', '\n', '\r'>(b + from, b + n);
      if (q == b + n && !input_done_) {
        brace_scan_from_ = base_ + n;
        return wait_for_input(p);
      }
      brace_scan_from_ = 0;
      if (q == b + n || *q != '}') return end_after_marker(p);  // runs on: the next game's
      p = static_cast<std::size_t>(q - b) + 1;
      continue;
    }
    if (k == kSemicolon) {
      after_skip_ = AfterSkip::LineComment;
      continue;
    }
    if (c == 0xEF) {
      // A BOM: a file saved without a final line end, concatenated to this one ("cat a.pgn
      // b.pgn"), starts here, with the next game.
      if (n - p < 3 && !input_done_) return wait_for_input(p);
      if (n - p >= 3 && b[p + 1] == 0xBB && b[p + 2] == 0xBF) return end_after_marker(p);
    }
    if (k == kSymbol) {
      // Read two bytes past the longest symbol asked about, so that a BOM right after one
      // is seen; a symbol that reaches further is longer, so text, whatever symbol_end
      // makes of a BOM cut by the limit.
      const std::size_t e = symbol_end(b, p, std::min(n, p + kLongestGameStart + 3), !input_done_);
      if (e - p <= kLongestGameStart) {
        if (symbol_cut(b, e, n)) return wait_for_input(p);
        if (starts_a_game(reinterpret_cast<const char*>(b) + p, e - p)) return end_after_marker(p);
      }
    }
    // Text after the result ('$' and a NAG, a symbol, a parenthesis, a stray byte): this game's.
    ++p;
    if (k == kSymbol || k == kDollar) after_skip_ = AfterSkip::Symbol;
  }
}

GameSplitter::Scan GameSplitter::end_after_marker(std::size_t p) {
  brace_scan_from_ = 0;
  after_skip_ = AfterSkip::None;
  game_ends_at(p);
  ended_at_marker_ = marker_closed_;
  return Scan::GameDone;
}

// A whole symbol in buf_[start, end): a new game's "1." or a result marker ends the game.
// (A marker glued to a BOM ends before it, as every symbol does: scan_after_marker then
// finds the BOM and starts the next game there, as after a '*'.)
[[gnu::always_inline]] inline GameSplitter::Step GameSplitter::symbol_done(std::size_t start, std::size_t end,
                                                                            bool may_start_game) {
  if (may_start_game && is_first_move_number(buf_.get() + start, end - start)) {
    game_ends_at(start);
    return Step::GameDone;
  }
  if (depth_ == 0) {
    const char* const symbol = buf_.get() + start;
    if (detail::is_result_symbol(symbol, end - start) || detail::is_numbered_result_symbol(symbol, end - start)) {
      // Closed by the end of the input, it may have been cut.
      return marker_seen(end < len_);
    }
  }
  return Step::Next;
}

// A symbol (or NAG) token from b[p]; may_start_game when it stands at the start of a line
// after an empty one. What scan() does next is the answer.
[[gnu::always_inline]] inline GameSplitter::Step GameSplitter::movetext_symbol(const unsigned char* b, std::size_t& p,
                                                                                std::size_t n, bool may_start_game) {
  using namespace detail;
  const std::size_t start = p++;
  p = symbol_end(b, p, n, !input_done_);
  has_movetext_ = true;
  if (symbol_cut(b, p, n)) {
    symbol_start_ = start;  // the symbol may continue in the next read
    symbol_may_start_game_ = may_start_game;
    state_ = State::Symbol;
    need_input_ = true;
    return Step::Leave;
  }
  return symbol_done(start, p, may_start_game);
}


// What follows the 0xEF at b[p] on its line, past blanks and more BOMs, when it begins a
// BOM: a tag pair's '[' (TagPair), anything else (Other), or the end of what has been read
// while more input is to come (Cut). NotBom when b[p] begins no BOM.
GameSplitter::BomNext GameSplitter::bom_next(const unsigned char* b, std::size_t p, std::size_t n) const {
  if (!detail::is_bom(b + p, n - p)) return BomNext::NotBom;
  std::size_t q = p + 3;
  for (;;) {
    while (q < n && (b[q] == ' ' || b[q] == '\t')) ++q;
    if (q == n) return input_done_ ? BomNext::Other : BomNext::Cut;
    if (b[q] != 0xEF) return b[q] == '[' ? BomNext::TagPair : BomNext::Other;
    if (bom_may_be_cut(b, q, n)) return BomNext::Cut;
    if (!detail::is_bom(b + q, n - q)) return BomNext::Other;
    q += 3;
  }
}

// A BOM at b[p] that does not start its line (scan_movetext skips one that does). Before a
// tag pair on its line, a file without a final line end was joined to this one by cat: the
// next game starts here (see the header). Anywhere else the game goes on past it (the
// parser reports it): a break there would not survive the game being written back, which
// drops the BOM and puts an empty line in its place. None when b[p] begins no BOM.
std::optional<GameSplitter::Step> GameSplitter::mid_line_bom(const unsigned char* b, std::size_t& p, std::size_t n,
                                                             bool was_blank, bool after_empty_line) {
  switch (bom_may_be_cut(b, p, n) ? BomNext::Cut : bom_next(b, p, n)) {
    case BomNext::Cut:
      line_blank_ = was_blank;  // the byte is read again after the refill
      empty_line_seen_ = after_empty_line;
      need_input_ = true;
      return Step::Leave;
    case BomNext::TagPair:
      game_ends_at(p);
      return Step::GameDone;
    case BomNext::Other:
      p += 3;
      return Step::Next;
    case BomNext::NotBom:
      break;
  }
  return std::nullopt;
}

// One token of movetext that is not a blank or a line end, starting at b[p].
[[gnu::always_inline]] inline GameSplitter::Step GameSplitter::movetext_token(const unsigned char* b, std::size_t& p,
                                                                               std::size_t n) {
  using namespace detail;
  const unsigned char c = b[p];
  const std::uint8_t k = kByteClass[c];
  const bool was_blank = line_blank_;
  const bool after_empty_line = empty_line_seen_;
  line_blank_ = false;
  empty_line_seen_ = false;
  switch (k) {
    case kSymbol:
      if (c == '%' && base_ + p == line_start_) {
        state_ = State::Escape;  // spec 6
        ++escape_lines_;
        ++p;
        return Step::Leave;
      }
      if (c == 0xEF) [[unlikely]] {
        if (const std::optional<Step> step = mid_line_bom(b, p, n, was_blank, after_empty_line)) return *step;
      }
      [[fallthrough]];
    case kDollar:
      // Real archives hold games without tags or result, separated only by an empty
      // line: a line starting "1." after an empty line starts a new game.
      return movetext_symbol(b, p, n, c == '1' && has_movetext_ && depth_ == 0 && was_blank && after_empty_line);
    case kLBrace:
      state_ = State::BraceComment;
      comment_scan_ = CommentScan::Text;
      comment_semicolon_offset_ = kNoOffset;
      p = skip_comment(b, p + 1, n);
      if (state_ == State::Between) return Step::GameDone;  // see skip_comment
      return state_ != State::Movetext ? Step::Leave : Step::Next;  // Leave: cut by the buffer's end
    case kSemicolon:
      state_ = State::LineComment;
      ++p;
      return Step::Leave;
    case kLBracket:
      if (has_movetext_ && was_blank) {
        game_ends_at(p);  // a tag line after movetext: the previous game lacked its marker
        return Step::GameDone;
      }
      if (has_tags_ && was_blank && after_empty_line) {
        if (const Step step = tag_line_after_empty_line(b, p, n); step != Step::Next) return step;
      }
      has_tags_ = true;
      state_ = State::Tag;
      tag_scan_ = detail::TagScan::InTag;
      p = skip_tag(b, p + 1, n);
      return state_ != State::Movetext ? Step::Leave : Step::Next;  // Leave: cut by the buffer's end
    case kLParen:
      ++depth_;
      has_movetext_ = true;
      ++p;
      return Step::Next;
    case kRParen:
      if (depth_ > 0) --depth_;  // an unmatched ')' is the parser's to report
      has_movetext_ = true;
      ++p;
      return Step::Next;
    case kStar:
      has_movetext_ = true;
      ++p;
      if (depth_ == 0) return marker_seen(true);
      return Step::Next;
    default:  // stray ']', '}' or '"': junk, but movetext
      has_movetext_ = true;
      ++p;
      return Step::Next;
  }
}

// Movetext: whole tokens are consumed here without going back to the state dispatch; a
// token cut by the end of the buffer continues in its own state after the refill.
[[gnu::always_inline]] inline GameSplitter::Step GameSplitter::scan_movetext(const unsigned char* b, std::size_t& p,
                                                                              std::size_t n) {
  using namespace detail;
  while (p < n) {
    if (b[p] == 0xEF && line_blank_ && base_ + p == line_start_) {
      // A BOM at a line start (a file concatenated to one whose last game is still open)
      // is not text: the line starts after it, as between games (scan_between).
      if (n - p < 3 && !input_done_) {
        need_input_ = true;
        return Step::Leave;
      }
      if (n - p >= 3 && b[p + 1] == 0xBB && b[p + 2] == 0xBF) {
        line_start_ += 3;
        p += 3;
        continue;
      }
    }
    // A line of movetext that starts with a symbol (a move, a move number: nearly every
    // line) is read as mid-line at once. Only after an empty line can its symbol start a
    // game ("1."), only in column 1 is a '%' an escape, and a result symbol holds a '-',
    // which the skip below stops at: every other symbol changes nothing but line_blank_.
    if (has_movetext_ && line_blank_ && !empty_line_seen_ && kByteClass[b[p]] == kSymbol && b[p] != '%')
      line_blank_ = false;
    if (has_movetext_ && !line_blank_) {
      // Mid-line in a game's movetext most bytes change nothing: a move or move number
      // cannot end the game here (only a line start can), strays and NAGs only mark
      // movetext, which is already marked. Skip to the next byte that matters. Every
      // result symbol holds a '-': at one, go back to the start of its symbol and read
      // that symbol normally.
      // A comment that closes on its line (nearly every one: "{ [%clk 0:03:00] }") is
      // skipped here too, as movetext_token and skip_comment would skip it: mid-line
      // nothing else changes (the line has a token, so no empty line is pending).
      // Line ends followed by a plain line start are passed over too (see
      // skip_movetext_run): they change only the line count and where the line starts.
      detail::LineEnds lines;
      p = static_cast<std::size_t>(detail::skip_movetext_run(b + p, b + n, lines, avx2_scan_) - b);
      if (lines.last) passed_line_ends(lines, static_cast<std::size_t>(lines.last - b));
      if (p == n) break;
      if (b[p] == '-') {
        // Not back past the line start: a BOM skipped there is no part of the symbol.
        // Nor back past a BOM mid-line, which ends the symbol before it (and would be
        // passed again after it, for ever).
        while (p > game_start_ && base_ + p > line_start_ && kByteClass[b[p - 1]] == kSymbol &&
               !(p - game_start_ >= 3 && detail::is_bom(b + p - 3, 3)))
          --p;
        if (p > game_start_ && base_ + p > line_start_ && kByteClass[b[p - 1]] == kDollar) --p;
      }
    }
    const std::uint8_t k = kByteClass[b[p]];
    if (k == kSpace) {
      // A NUL before the game's first tag or movetext is text, as where it starts a game
      // (scan_between): so it is in the copy a writer puts behind a "; chesstool:" line.
      if (b[p] == 0 && !has_tags_) [[unlikely]]
        has_movetext_ = true;
      ++p;
      continue;
    }
    if (k == kLf) {
      newline_lf(p++);
      continue;
    }
    if (k == kCr) {
      newline_cr(p++);
      continue;
    }
    const Step step = movetext_token(b, p, n);
    if (step != Step::Next) return step;
  }
  return Step::Next;
}

// The rest of a symbol cut by the end of the last read.
[[gnu::always_inline]] inline GameSplitter::Step GameSplitter::scan_symbol(const unsigned char* b, std::size_t& p,
                                                                            std::size_t n) {
  p = symbol_end(b, p, n, !input_done_);
  if (symbol_cut(b, p, n)) {  // the symbol may continue in the next read
    need_input_ = true;
    return Step::Next;
  }
  state_ = State::Movetext;
  return symbol_done(symbol_start_, p, symbol_may_start_game_);
}

GameSplitter::Scan GameSplitter::scan() {
  using namespace detail;
  const auto* b = reinterpret_cast<const unsigned char*>(buf_.get());
  const std::size_t n = len_;
  std::size_t p = pos_;
  // A symbol cut by the end of the last read is complete once the input is done: it
  // still has to be looked at (it may be a marker or a new game's "1.").
  while (p < n || (input_done_ && (state_ == State::Symbol || state_ == State::AfterMarker))) {
    switch (state_) {
      case State::Between:
        if (!scan_between(b, p, n)) {
          pos_ = p;
          return Scan::NeedInput;
        }
        break;

      case State::BetweenEscape:
        // The line end itself is left to Between, which counts it.
        p = static_cast<std::size_t>(find_any<'\n', '\r', '\0'>(b + p, b + n) - b);
        if (p < n && b[p] == 0) {
          nul_in_escape_line(p);
        } else if (p < n) {
          state_ = State::Between;
        }
        break;

      case State::Escape:
      case State::LineComment: {
        const std::size_t from = p;
        for (; p < n; ++p) {
          const std::uint8_t k = kByteClass[b[p]];
          if (k == kLf || k == kCr) break;
        }
        // A NUL in an escape line before the first tag pair or movetext is text, as one
        // in such a line between games (nul_in_escape_line) and as a blank NUL there.
        if (state_ == State::Escape && !has_movetext_ && !has_tags_ && std::memchr(b + from, 0, p - from) != nullptr)
          has_movetext_ = true;
        // The line end itself is left to Movetext, which counts it.
        if (p < n) state_ = State::Movetext;
        break;
      }

      case State::Movetext:
        if (scan_movetext(b, p, n) == Step::GameDone) return Scan::GameDone;
        if (need_input_) return wait_for_input(p);
        break;

      case State::Symbol:
        if (scan_symbol(b, p, n) == Step::GameDone) return Scan::GameDone;
        if (need_input_) return wait_for_input(p);
        break;

      case State::BraceComment:
        p = skip_comment(b, p, n);
        if (state_ == State::Between) return Scan::GameDone;  // see skip_comment
        if (need_input_) return wait_for_input(p);
        break;

      case State::Tag:
        p = skip_tag(b, p, n);
        break;

      case State::AfterMarker:
        return scan_after_marker(b, p, n);
    }
  }
  pos_ = p;
  return Scan::NeedInput;
}

bool joined_apart(std::string_view first, std::string_view eol, std::string_view second) {
  std::string joined(first);
  joined.append(eol).append(eol).append(second).append(eol);
  io::ByteSource source = io::ByteSource::from_memory(std::move(joined));
  GameSplitter splitter(source);
  RawGame game;
  if (!splitter.next(game) || game.text != first) return false;
  return splitter.next(game);
}

}  // namespace chesstool::pgn
