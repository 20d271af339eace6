// SPDX-License-Identifier: MIT
// Syntactic PGN parser for one game: tags, movetext tokens and syntax diagnostics, no chess rules.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/recycled.hpp"
#include "pgn/game_splitter.hpp"

namespace chesstool::pgn {

// A position in the source. line and column are 1-based, column counts bytes (a
// BOM opening a line is not counted); byte_offset is from the start of the source.
struct SourceLoc {
  std::uint64_t line = 0;
  std::uint32_t column = 0;
  std::uint64_t byte_offset = 0;
};

enum class Severity { Warning, Error };

// Whether two tag names are the same (exactly: letter case counts), the first letter tested
// before the rest: many names share a length (Event, Round, White, Black), and the duplicate
// and roster tests of a game meet this a few hundred times.
inline bool same_tag_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || a[0] == b[0]) && a == b;
}

// Whether the parser could read name as a tag's name: it ends a name at a blank, a quote or
// ']', and a control byte is no part of one. An option naming a tag (filter --split-by,
// convert --fields) refuses any other: it would match no tag of any game.
inline bool could_be_tag_name(std::string_view name) {
  if (name.empty()) return false;
  for (const char c : name) {
    const auto b = static_cast<unsigned char>(c);
    if (b <= 0x20 || b == 0x7F || c == '"' || c == ']') return false;
  }
  return true;
}

// One bit of 64 chosen by a tag name's length and first byte: names with different bits
// are different names, so a game's duplicate test scans its earlier names only when the
// bits of all of them, or'ed together, hold this one.
inline std::uint64_t tag_name_bit(std::string_view name) {
  const unsigned first = name.empty() ? 0u : static_cast<unsigned char>(name[0]);
  return std::uint64_t{1} << ((name.size() * 8 + first) & 63);
}
// The same bit for the name in any letter case ("white" and "White" share it).
inline std::uint64_t tag_name_bit_ignoring_case(std::string_view name) {
  const unsigned first = name.empty() ? 0u : static_cast<unsigned char>(name[0]) | 0x20u;
  return std::uint64_t{1} << ((name.size() * 8 + first) & 63);
}
// Names a game's duplicate test scans one by one; past them it looks them up in a hash set.
inline constexpr std::size_t kScannedTagNames = 32;

// The tag names a game has had, for its duplicate test: a bit per name (tag_name_bit),
// then a scan of the names, and past kScannedTagNames of them a hash set, so that a game
// of thousands of tags stays linear (200,000 took 51 s to validate with the scan alone).
// It holds views: the names must outlive it.
class TagNameSet {
 public:
  // Adds name; false when it was there already. Inline: once per tag of every game.
  [[gnu::always_inline]] bool insert(std::string_view name) {
    const std::uint64_t bit = tag_name_bit(name);
    if (bits_ & bit) {
      if (many_.empty()) {
        for (const std::string_view seen : few_)
          if (same_tag_name(seen, name)) return false;
      } else if (many_.contains(name)) {
        return false;
      }
    }
    bits_ |= bit;
    if (!many_.empty()) {
      many_.insert(name);
      return true;
    }
    if (few_.empty()) few_.reserve(kScannedTagNames + 1);  // one allocation for a usual game
    few_.push_back(name);
    if (few_.size() > kScannedTagNames) many_.insert(few_.begin(), few_.end());
    return true;
  }

 private:
  std::uint64_t bits_ = 0;                       // tag_name_bit of every name
  RecycledVector<std::string_view> few_;           // the first kScannedTagNames + 1 names
  std::unordered_set<std::string_view> many_;    // every name, once few_ is full
};

// Receives one game's tokens in source order. String views point into the RawGame
// (or into a scratch buffer when text had to be unescaped or converted) and are only
// valid during the call.
class Visitor {
 public:
  virtual ~Visitor() = default;
  // A tag pair (spec 8.1); value with \" and \\ unescaped, converted to UTF-8 if the
  // game is not valid UTF-8. Duplicates are delivered too (and reported).
  virtual void tag(std::string_view /*name*/, std::string_view /*value*/, const SourceLoc&) {}
  // Once per game, after the tag section, even when there is no movetext.
  virtual void begin_movetext() {}
  // "12." (black_to_move false), "12..." (true), or a bare "12" (false).
  virtual void move_number(std::uint32_t /*number*/, bool /*black_to_move*/, const SourceLoc&) {}
  // A move token exactly as written, suffixes included ("exd6e.p.", "Nf3+!?", "O-O",
  // "0-0", "--", "Z0", "e2e4", "N@f3"); a stand-alone "e.p." is joined to the move
  // before it ("exd6 e.p." arrives as "exd6e.p.", located at "exd6").
  virtual void san(std::string_view /*token*/, const SourceLoc&) {}
  // $n, or a stand-alone suffix glyph separated from its move ("e4 !?" gives
  // san("e4") then nag(5, "!?")), mapped as in spec 10 (! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6);
  // written: the token as it stands in the source ("$5", "!?").
  virtual void nag(int /*code*/, std::string_view /*written*/, const SourceLoc&) {}
  // {...} or ; comment text without its delimiters. Comments before or among the
  // tags are delivered right after begin_movetext().
  virtual void comment(std::string_view /*text*/, const SourceLoc&) {}
  virtual void begin_variation(const SourceLoc&) {}
  // Also called at the end of the game for every variation left open.
  virtual void end_variation(const SourceLoc&) {}
  // The termination marker: "1-0", "0-1", "1/2-1/2" or "*".
  virtual void result(std::string_view /*token*/, const SourceLoc&) {}
  // A syntax problem; code is one of the stable kebab-case codes listed at
  // parse_game() below. token is the offending text as written, whole (the receiver cuts
  // it), or empty for a problem that has none.
  virtual void problem(Severity, std::string_view /*code*/, std::string /*message*/, const SourceLoc&,
                       std::string_view /*token*/) {}
  virtual void end_game() {}
};

// Parses one game's text and reports it to visitor, ending with end_game(). Never
// throws on bad input and uses no recursion: any byte sequence is safe.
//
// Problem codes (stable; scripts depend on them). Every problem carries the exact
// line/column of the offending token:
//   invalid-utf8          W  the game is not valid UTF-8 (located at the first bad byte);
//                            tag values/comments that are not UTF-8 are converted as CP1252
//   nul-byte              E  a NUL byte (located at the first one)
//   unterminated-comment  E  '{' without '}': the comment runs to the end of the game
//   unbalanced-variation  E  a ')' without '(' (skipped), or '(' left open at the end of
//                            the game (reported once, at the outermost open '(')
//   malformed-tag         W  tag pair repaired: missing ']' or closing quote, unquoted value,
//                            unescaped quotes ([White ""Name""] gives "Name" with quotes),
//                            text after the value
//                         E  tag pair without a name (dropped)
//   invalid-tag-name      W  tag name with characters other than letters, digits, '_' (kept)
//   duplicate-tag         W  a tag name seen before in this game (both are delivered)
//   unexpected-token      E  not a move: characters outside the SAN set (e.g. "<br", "/>",
//                            '"', stray '}' or ']'), a tag pair inside movetext (also one
//                            after the 1000 comments held before the first move), a lone
//                            '.', unknown glyphs ("!!!"), a lone "e.p.", move number
//                            beyond 2^32-1 (a lone "..." as in "1. ... Ba5" is skipped)
//   malformed-nag         E  '$' not followed by digits only (dropped);
//                         W  NAG above $255 (delivered)
//   result-in-variation   W  termination marker inside a variation followed by more text
//                            (ignored; if it is the last token it closes the variations
//                            and counts as the result, with unbalanced-variation)
//   text-after-result     E  tokens after the termination marker (reported once, ignored)
//   missing-result        W  the game has no termination marker
void parse_game(const RawGame& game, Visitor& visitor);

class Replayer;  // pgn/replay.hpp
// The same for the replayer, the visitor of every hot path (final): its calls are direct
// and may be inlined, where another visitor's are virtual.
void parse_game(const RawGame& game, Replayer& replayer);

// The escape lines (spec 6) of a game's text as the parser reads them: lines that open with
// '%' outside comments (a BOM before it aside), which a copy of the text keeps.
std::uint64_t escape_lines_in(const RawGame& game);
// Whether the parser reads a ';' comment starting at game.text[at]: not a ';' inside a
// '{' comment, a tag value or an escape line.
bool line_comment_at(const RawGame& game, std::size_t at);

}  // namespace chesstool::pgn
