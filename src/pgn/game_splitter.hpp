// SPDX-License-Identifier: MIT
// GameSplitter: cuts a PGN byte stream into the raw text of one game at a time.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <memory>
#include <string>
#include <unordered_set>
#include <string_view>

#include "core/dispatch.hpp"
#include "io/source.hpp"

namespace chesstool::pgn {

// The text of one game exactly as found in the source (trailing whitespace trimmed)
// and where it starts. Lines are 1-based and end at LF, CR or CRLF; columns are
// 1-based byte counts (a UTF-8 BOM before the first byte of a line is not counted,
// so the first tag of a BOM-prefixed file is at line 1, column 1).
struct RawGame {
  std::string text;
  std::uint64_t index = 0;        // 1-based position of the game within the source
  std::uint64_t line = 0;         // 1-based line of the first byte of text
  std::uint64_t byte_offset = 0;  // offset of the first byte of text from the start of the source
  std::uint32_t column = 1;       // 1-based column of the first byte of text (games may start mid-line)
  std::string member;             // the archive member it comes from ("" outside archives); set by the reader, not the splitter
  bool crlf_after = false;        // the first line end after the text is CRLF (the last one read before it, at the end of a read)
  // The game has movetext (a move, a marker, any token but comments): set by the splitter.
  // One without (tags only, or comments only) ends only where what follows starts a game,
  // which a writer that joins games must see to (joined_apart).
  bool has_movetext = true;
  // It ended at its termination marker (GameSplitter::last_ended_at_marker), so nothing
  // written after it can run into it; set by the splitter.
  bool ended_at_marker = true;
};

// Whether `first`, a game's text, then an empty line and `second` are read back as two
// games, `first` whole (the splitter's own answer, on the joined text). A game of tags
// or comments only may not be: "[White \"A\"]" then "[Site \"x\"] ..." is one game.
bool joined_apart(std::string_view first, std::string_view eol, std::string_view second);

// The line end a text uses, for what is written after it: CRLF when the text holds one,
// else LF. Writers of games as they were read (filter, dedupe, annotate's games that do
// not replay, --rejects) keep a CRLF file CRLF with it.
inline std::string_view line_end_of(std::string_view text) {
  return text.find("\r\n") != std::string_view::npos ? "\r\n" : "\n";
}
// The same for a game read from a file: its text's own, when it has a line end; the
// splitter leaves the game's last line end out of its text, so a game of one line has
// none inside, and the line end after it tells (a CRLF file's game "1. e4 *" stays CRLF).
// The text first, so that a copy written with it reads back with the same line end.
inline std::string_view line_end_of(const RawGame& game) {
  if (game.text.find('\n') != std::string::npos) return line_end_of(game.text);
  return game.crlf_after ? "\r\n" : "\n";
}

namespace detail {

struct LineEnds;  // pgn/byte_scan.hpp

// Byte classes shared by the splitter and the movetext parser, so both agree on
// where a symbol ends and therefore on which token is a termination marker. A UTF-8 BOM
// (EF BB BF, three symbol bytes) also ends a symbol, in both: is_bom.
enum ByteClass : std::uint8_t {
  kSymbol,     // part of a symbol token (SAN, move number, result, junk)
  kSpace,      // space, tab, vertical tab, form feed, NUL (a stray NUL separates tokens)
  kLf,         // '\n'
  kCr,         // '\r'
  kLBrace,     // '{' starts a comment (PGN spec 8.2.5)
  kRBrace,     // '}' (stray outside a comment)
  kLParen,     // '(' starts a variation (spec 8.2.5)
  kRParen,     // ')'
  kLBracket,   // '[' starts a tag pair (spec 8.1)
  kRBracket,   // ']'
  kSemicolon,  // ';' comment to end of line (spec 5)
  kStar,       // '*' is a self-terminating token: the unknown-result marker
  kQuote,      // '"' only meaningful inside a tag pair
  kDollar,     // '$' starts a NAG (spec 8.2.4) and so ends the symbol before it
};

constexpr std::array<std::uint8_t, 256> make_byte_classes() {
  std::array<std::uint8_t, 256> t{};
  for (auto& c : t) c = kSymbol;
  t[' '] = t['\t'] = t['\v'] = t['\f'] = kSpace;
  // Between tokens, so that no token holds one: the splitter and the parser then agree on
  // every token whatever the NULs around it ("e4\x001-0" ends with a marker in both). The
  // splitter still starts a game at a NUL between games, so that the parser reports it.
  t[0] = kSpace;
  t['\n'] = kLf;
  t['\r'] = kCr;
  t['{'] = kLBrace;
  t['}'] = kRBrace;
  t['('] = kLParen;
  t[')'] = kRParen;
  t['['] = kLBracket;
  t[']'] = kRBracket;
  t[';'] = kSemicolon;
  t['*'] = kStar;
  t['"'] = kQuote;
  t['$'] = kDollar;
  return t;
}

inline constexpr std::array<std::uint8_t, 256> kByteClass = make_byte_classes();

// True for the three symbol tokens that terminate a game (spec 8.2.6); "*" is a
// token of its own (kStar) and is checked separately.
constexpr bool is_result_symbol(const char* p, std::size_t n) {
  if (n == 3) {
    return (p[0] == '1' && p[1] == '-' && p[2] == '0') || (p[0] == '0' && p[1] == '-' && p[2] == '1');
  }
  return n == 7 && p[0] == '1' && p[1] == '/' && p[2] == '2' && p[3] == '-' && p[4] == '1' &&
         p[5] == '/' && p[6] == '2';
}

// A termination marker glued to a move number's periods ("2.1-0", "41...0-1"): spec 7
// makes the period a token of its own, so the marker is one too.
constexpr bool is_numbered_result_symbol(const char* p, std::size_t n) {
  std::size_t i = 0;
  while (i < n && p[i] >= '0' && p[i] <= '9') ++i;
  if (i == 0 || i == n || p[i] != '.') return false;
  while (i < n && p[i] == '.') ++i;
  return is_result_symbol(p + i, n - i);
}

// Whether the bytes at p, of which n are known, begin a UTF-8 BOM. Files saved with a BOM
// and joined by cat leave one in the text, where it is not text: at a line start the
// line starts after it; anywhere else it ends the symbol before it, as a blank would
// ("1-0\xEF\xBB\xBF[Event ...", "e5\xEF\xBB\xBF"), and in the splitter it ends the game
// where a tag pair follows it (see the rules below).
constexpr bool is_bom(const unsigned char* p, std::size_t n) {
  return n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF;
}
// Whether the 0xEF at p, of which n bytes are known, may begin a BOM whose other bytes
// a read still to come (more) brings.
constexpr bool bom_may_be_cut(const unsigned char* p, std::size_t n, bool more) {
  return more && n < 3 && (n == 1 || p[1] == 0xBB);
}

// The longest symbol starts_a_game is asked about: a longer one is text (the longest
// move, "Qh4xe1+", is 7 bytes; a move number of 15 digits and a period fits).
inline constexpr std::size_t kLongestGameStart = 16;

// Whether a symbol token after a termination marker on the same line starts the next
// game: a move number ("12.", "1...") or a token shaped like a move in SAN ("e4", "Nbd7",
// "exd5", "e8=Q+", "O-O-O"); any other text there is text after the result.
constexpr bool starts_a_game(const char* p, std::size_t n) {
  while (n > 0 && (p[n - 1] == '+' || p[n - 1] == '#' || p[n - 1] == '!' || p[n - 1] == '?')) --n;
  const std::string_view s(p, n);
  if (s == "O-O" || s == "O-O-O" || s == "0-0" || s == "0-0-0") return true;
  std::size_t digits = 0;
  while (digits < n && p[digits] >= '0' && p[digits] <= '9') ++digits;
  if (digits > 0) return digits < n && p[digits] == '.';
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  auto piece = [](char c) { return c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N'; };
  std::size_t i = 0;
  if (n > 0 && piece(p[0])) {
    ++i;  // then [file][rank][x] file rank
    if (n - i < 2 || !file(p[n - 2]) || !rank(p[n - 1])) return false;
    for (std::size_t k = i; k + 2 < n; ++k)
      if (!(file(p[k]) || rank(p[k]) || p[k] == 'x')) return false;
    return n - i <= 5;
  }
  // A pawn: file, then rank (a push) or x file rank (a capture), then =piece or a piece.
  if (n < 2 || !file(p[0])) return false;
  i = 1;
  if (p[i] == 'x') {
    if (n < 4 || !file(p[2])) return false;
    i = 3;
  }
  if (i >= n || !rank(p[i])) return false;
  ++i;
  if (i < n && p[i] == '=') ++i;
  if (i < n && (piece(p[i]) || p[i] == 'q' || p[i] == 'r' || p[i] == 'b' || p[i] == 'n')) ++i;
  return i == n;
}

// Where a tag pair ends (spec 8.1, strings as in spec 7): at the ']' outside its string,
// or before a line end, since a tag pair never spans lines (a broken one ends there, which
// bounds the damage). The splitter and the parser both use this, so they agree on every
// tag pair, broken ones included. Resumable across reads: state says where the scan is.
enum class TagScan : std::uint8_t {
  InTag,           // after '[' or a closed string
  InString,        // inside "..."
  AfterBackslash,  // the next byte is taken as it is, unless it ends the line
  Closed,          // done: returned just past the ']'
  LineEnd,         // done: returned at the line end that cut the tag pair
};

// Scans b[p, n) from state; returns where it stopped: past the ']' (Closed), at the line
// end (LineEnd), or at n still in one of the first three states.
std::size_t scan_tag_pair(const unsigned char* b, std::size_t p, std::size_t n, TagScan& state);

}  // namespace detail

// Pulls bytes from a ByteSource and yields one game at a time. Only the current game
// and one read buffer are held, so memory does not grow with the input; a single
// huge game is held whole (the buffer doubles, keeping the work linear).
//
// A game ends (PGN spec 8.2.6 and common archive practice):
//  * at the end of the line of its termination marker (1-0, 0-1, 1/2-1/2, *) at
//    variation depth 0 outside comments and tag pairs: comments that close on that line
//    and any other text on it belong to the game (a note after the result; text after
//    the result, which the parser reports), but it ends before the first '[', move
//    number, move (starts_a_game, at most kLongestGameStart bytes), comment that runs
//    on to another line or UTF-8 BOM on it, where the next game starts on the same line
//    (a BOM glued to 1-0, 0-1 or 1/2-1/2 ends the marker's symbol: is_bom);
//  * before a UTF-8 BOM that is not at the start of its line and that a '[' follows on
//    its line (past blanks and more BOMs), outside comments, tag pairs, ';' comments and
//    '%' lines, at any variation depth: a file saved without a final line end, joined by
//    cat to one that starts with a BOM ("1. e4 e5" then "\xEF\xBB\xBF[Event ..."); the
//    next game starts after the BOM (whose bytes still count in that line's columns, as
//    where one follows a marker). Any other BOM in movetext is passed over as a blank
//    and the game goes on (the parser reports it): a break there would not survive the
//    game being written back, as the writers drop the BOM and an empty line then starts
//    a game only at a tag pair or "1.";
//  * before a line whose first non-blank byte is '[' once the game has movetext
//    (any symbol, NAG, parenthesis or stray byte, or a NUL before the first tag pair;
//    comments do not count), which
//    recovers games that lack a termination marker; this holds at any variation depth,
//    so a '(' never closed does not hold the next game;
//  * before a line whose first non-blank byte is '[' after an empty line when the game
//    has tag pairs and no movetext, and that tag pair's name (after '[' and blanks, up to
//    a blank, a quote or ']') is one the game already has: a game of tags only (a list
//    of pairings, a header whose moves were lost) is a game of its own, not the head of
//    the next one, while an empty line inside one tag section (ChessBase exports) keeps
//    its tags one game;
//  * before a tag pair line that follows an empty line while a {comment} is still open
//    (see below), which recovers the games after an unterminated comment;
//  * at the end of the input (an unterminated {comment} runs to there when no tag pair
//    line after an empty line stops it first).
//
// Lines and blanks: a line ends at LF, CR or CRLF; blanks are space, tab, vertical tab
// and form feed; an empty line holds only blanks (so "  \r\n" is empty, and so is the
// line between the two CRs of "\r\r"). A UTF-8 BOM at the start of a line (cat a.pgn
// b.pgn) is not text: the line's first byte is the one after it, in a game as between
// games, and a game's text does not end with one. A NUL byte is a blank inside a game (it
// separates tokens, so it never joins a symbol, and a line of blanks and NULs is empty),
// but between games it starts a game, and a game's text keeps the NULs at its end: every
// NUL is in some game, whose parser reports it (nul-byte). The game a NUL starts has
// movetext (for the rules above), and the empty lines before it were between games (a
// "1." after the NUL on its line is the same game, as at the start of a file), and so
// has one with a NUL before its first tag pair or movetext (after comments only: a
// writer's copy of the first behind a "; chesstool:" line, which splits as the original
// did).
//
// Open comments: a tag pair line is a line whose first non-blank byte is '[', followed
// by optional blanks, a name (its first byte an ASCII letter, digit or '_', then the
// bytes of a symbol: anything but blanks, line ends and the delimiters of kByteClass),
// optional blanks and '"'. When such a line comes right after an empty line (one or
// more) inside a {comment}, the game ends before that line's '[' and the next game
// starts there, or at the first of the lines starting with ';' that come between the
// empty line and it (annotate's warning line before a game that does not replay), unless
// a '}' on one of them closes the comment; the parser then finds the comment unclosed (unterminated-comment) and
// any '(' still open (unbalanced-variation), as when a comment runs to the end of a
// game's text. The rule is decided at that line, reading forward only: it applies even
// when a '}' further on would have closed the comment, which is then a stray '}' of the
// next game. An empty line followed by anything else (a '[' without a name and '"'
// after it, text, a '}') stays inside the comment, and an empty line in a closed
// comment separates nothing. A tag pair never spans lines (scan_tag_pair below), so
// an unclosed tag value quote ends at its own line end and cannot swallow what
// follows; a ';' comment also ends at its line end.
// Whitespace between games, and '%' escape lines (spec 6) outside a game, produce no
// game, but an escape line that holds a NUL starts one at its '%' (in column 1, so it is
// still an escape line, in which the parser reports the NUL; after the most text a game
// may have, at the NUL), and the game has movetext, as one a NUL starts. Comments on the lines after a termination marker's therefore open the next game
// (they are its leading comments). Nothing here knows chess: no byte sequence can make it
// crash or loop, and work per byte is constant.
// The most text one game may have: no real game comes near it (the longest annotated
// games are a few megabytes), and the text of a game is held whole. A game that runs past
// it (a comment or a variation never closed in a broken or hostile file) stops the input
// with an error, as a read error does, so that memory stays bounded. It is checked as the
// text is read and again when the game is whole (one large read may hold all of it), so
// the same bytes give the same games however they arrive.
inline constexpr std::size_t kMaxGameBytes = std::size_t(64) << 20;

class GameSplitter {
 public:
  explicit GameSplitter(io::ByteSource& source, std::size_t max_game_bytes = kMaxGameBytes);
  GameSplitter(const GameSplitter&) = delete;
  GameSplitter& operator=(const GameSplitter&) = delete;
  ~GameSplitter();

  // Fills out with the next game; false when the input is exhausted. out.text's
  // capacity is reused, so a loop over one RawGame allocates only when games grow.
  bool next(RawGame& out);

  // Games returned so far.
  std::uint64_t games() const { return count_; }
  // Line ends read so far (CR, LF and CRLF count once): after the last game, the number
  // of lines of the input. Lets split archives be renumbered (see chesstool(1)).
  std::uint64_t line_ends() const { return line_ - 1; }
  // Escape lines read so far ('%' in column 1, spec 6), between games and inside them:
  // no reader keeps them, so writers of PGN can say that they are not in their output.
  std::uint64_t escape_lines() const { return escape_lines_; }
  // Whether the game next() returned last ended at its termination marker, one that a
  // byte after it closed (or '*', which closes itself), not at the end of the input nor
  // at the start of the next game. A reader whose input failed keeps such a game: the
  // fault cannot have cut it.
  bool last_ended_at_marker() const { return ended_at_marker_; }

 private:
  enum class State : std::uint8_t {
    Between,        // no game open: skipping whitespace
    BetweenEscape,  // in a '%' line outside a game
    Movetext,       // in a game, between tokens
    Symbol,         // inside a symbol token
    BraceComment,   // inside {...}
    LineComment,    // after ';' up to the end of the line
    Escape,         // in a '%' line inside a game
    Tag,            // inside [...]: where exactly is in tag_scan_
    AfterMarker,    // after a termination marker at depth 0: the rest of its line
  };
  enum class Scan : std::uint8_t { NeedInput, GameDone };

  Scan scan();
  // What scan() does after one of its parts (game_splitter.cpp): go on, leave the
  // current state's loop for the state dispatch, or return GameDone (game_ends_at has
  // set the game's end and pos_).
  enum class Step : std::uint8_t { Next, Leave, GameDone };
  bool scan_between(const unsigned char* b, std::size_t& p, std::size_t n);
  Step scan_movetext(const unsigned char* b, std::size_t& p, std::size_t n);
  Step movetext_token(const unsigned char* b, std::size_t& p, std::size_t n);
  Step movetext_symbol(const unsigned char* b, std::size_t& p, std::size_t n, bool may_start_game);
  Step scan_symbol(const unsigned char* b, std::size_t& p, std::size_t n);
  Step symbol_done(std::size_t start, std::size_t end, bool may_start_game);
  enum class BomNext : std::uint8_t { NotBom, TagPair, Other, Cut };
  BomNext bom_next(const unsigned char* b, std::size_t p, std::size_t n) const;
  std::optional<Step> mid_line_bom(const unsigned char* b, std::size_t& p, std::size_t n, bool was_blank,
                                   bool after_empty_line);
  // Whether the 0xEF at b[p] may begin a BOM whose other bytes the next read brings.
  bool bom_may_be_cut(const unsigned char* b, std::size_t p, std::size_t n) const {
    return detail::bom_may_be_cut(b + p, n - p, !input_done_);
  }
  // Whether a symbol that symbol_end (game_splitter.cpp) ended at b[p] may go on in the
  // next read: it reached the end of the buffer, or a BOM that may be cut there.
  bool symbol_cut(const unsigned char* b, std::size_t p, std::size_t n) const {
    return p == n ? !input_done_ : b[p] == 0xEF && bom_may_be_cut(b, p, n);
  }
  Step marker_seen(bool closed);
  Scan scan_after_marker(const unsigned char* b, std::size_t& p, std::size_t n);
  Scan end_after_marker(std::size_t p);
  bool marker_closed_ = false;  // the marker of AfterMarker was closed by a byte after it
  // AfterMarker, across refills: the source offset where the search for a comment's '}'
  // goes on (0: none), and what is being skipped as this game's text.
  std::uint64_t brace_scan_from_ = 0;
  enum class AfterSkip : std::uint8_t { None, Symbol, LineComment };
  AfterSkip after_skip_ = AfterSkip::None;
  bool repeats_a_tag(const unsigned char* b, std::size_t p, std::size_t line_end);
  // repeats_a_tag's names of the open game, read up to the source offset tag_names_to_.
  std::unordered_set<std::string> tag_names_;
  std::uint64_t tag_names_to_ = 0;
  Step tag_line_after_empty_line(const unsigned char* b, std::size_t p, std::size_t n);
  void refill();
  void stop_at_oversized_game();
  void newline_lf(std::size_t i);
  void newline_cr(std::size_t i);
  void passed_line_ends(const detail::LineEnds& lines, std::size_t last);
  void start_game(std::size_t i);
  void nul_in_escape_line(std::size_t p);
  // The open game ends before buf_[i]; scanning goes on from there.
  Scan game_ends_at(std::size_t i);
  // The comment and tag-pair states run inline from p; they return where they stopped,
  // with state_ back at Movetext, or at n still in their state. skip_comment may also
  // end the game (a tag pair line after an empty line): state_ is then Between and
  // game_end_ and pos_ are set, as by game_ends_at.
  std::size_t skip_comment(const unsigned char* b, std::size_t p, std::size_t n);
  bool comment_text(const unsigned char* b, std::size_t& p, std::size_t n);
  bool comment_line_start(const unsigned char* b, std::size_t& p, std::size_t n);
  bool comment_tag_line(const unsigned char* b, std::size_t& p, std::size_t n);
  bool comment_semicolon_line(const unsigned char* b, std::size_t& p, std::size_t n);
  // Where skip_comment is inside an open {comment}, resumable across reads.
  enum class CommentScan : std::uint8_t {
    Text,          // mid-line: only '}' and line ends matter
    LineStart,     // at the leading blanks of a line
    TagBracket,    // a line after an empty line began with '[': blanks before the name
    TagName,       // in the name
    TagAfterName,  // blanks after the name, before the '"' that ends the game
    SemicolonLine, // a line after an empty line (or after such lines) began with ';'
  };
  static constexpr std::uint64_t kNoOffset = ~std::uint64_t{0};
  CommentScan comment_scan_ = CommentScan::Text;
  bool comment_after_empty_ = false;      // the line before the current one was empty (or a SemicolonLine after one)
  std::uint64_t comment_tag_offset_ = 0;  // source offset of the '[' under test
  // Source offset of the first ';' line of the run between the empty line and the '[':
  // the next game's own comment lines (annotate's warning line), where the game ends.
  std::uint64_t comment_semicolon_offset_ = kNoOffset;
  std::uint64_t comment_semicolon_line_ = 0, comment_semicolon_line_start_ = 0;  // line_ and line_start_ there
  std::size_t skip_tag(const unsigned char* b, std::size_t p, std::size_t n);
  detail::TagScan tag_scan_ = detail::TagScan::InTag;
  void emit(RawGame& out);

  io::ByteSource& source_;
  std::unique_ptr<char[]> buf_;
  const bool avx2_scan_ = avx2_byte_scan();  // chosen once (core/dispatch.hpp)
  std::size_t capacity_ = 0;
  std::size_t len_ = 0;         // valid bytes in buf_
  std::size_t pos_ = 0;         // next byte to scan
  std::uint64_t base_ = 0;      // source offset of buf_[0]
  bool input_done_ = false;

  State state_ = State::Between;
  bool in_game_ = false;
  bool ended_at_marker_ = false;  // see last_ended_at_marker()
  // A part of scan() met a BOM (or a symbol) cut by the end of the read: scan() returns
  // NeedInput there (wait_for_input) instead of going round again.
  bool need_input_ = false;
  Scan wait_for_input(std::size_t p) {
    need_input_ = false;
    pos_ = p;
    return Scan::NeedInput;
  }
  // The style of the last line end read, for a game whose own text has none.
  enum class LineEnd : std::uint8_t { None, Lf, Cr, Crlf };
  LineEnd last_line_end_ = LineEnd::None;
  bool crlf_after(std::size_t end) const;
  bool has_movetext_ = false;
  bool has_tags_ = false;       // a tag pair began the game's text (before any movetext)
  bool line_blank_ = true;      // only whitespace so far on the current line
  bool empty_line_seen_ = false;  // an empty line since the last token
  std::size_t game_start_ = 0;  // index in buf_
  std::size_t game_end_ = 0;    // index in buf_, valid when scan() returns GameDone
  std::size_t symbol_start_ = 0;
  bool symbol_may_start_game_ = false;  // the pending symbol may be a new game's "1."
  std::uint64_t depth_ = 0;
  std::uint64_t line_ = 1;
  std::uint64_t escape_lines_ = 0;
  std::uint64_t escape_start_ = 0;  // source offset of the '%' of a line BetweenEscape
  std::uint64_t line_start_ = 0;  // source offset where column 1 of the current line is
  std::uint64_t count_ = 0;
  std::uint64_t game_line_ = 0;
  std::size_t max_game_bytes_;  // see kMaxGameBytes
  std::uint64_t game_offset_ = 0;
  std::uint32_t game_column_ = 1;
};

}  // namespace chesstool::pgn
