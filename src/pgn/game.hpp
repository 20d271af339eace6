// SPDX-License-Identifier: MIT
// The game tree: tags, start position, moves with comments, NAGs and variations (built by the Replayer).
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"
#include "core/recycled.hpp"
#include "core/short_copy.hpp"

namespace chesstool::pgn {

// The largest NAG kept: nine digits, so that it fits an int ($256 and up are out of the
// standard's range, and kept with a warning).
inline constexpr std::size_t kMaxNagDigits = 9;
inline constexpr int kMaxNag = 999'999'999;

// A move token as it stood in the source ("Nf3", "0-0", "Nf3+!?"), held in the node
// itself: a std::string for it, copied for every move, cost annotate about 3% of its
// instructions. Its first kMaxBytes bytes are kept (a longer token is cut there): a
// canonical SAN has at most seven, and the writers read the token only when it is one
// (Node::san_canonical).
class WrittenSan {
 public:
  static constexpr std::size_t kMaxBytes = 15;

  WrittenSan() noexcept {}
  WrittenSan(std::string_view text) noexcept { *this = text; }  // NOLINT: a token converts
  WrittenSan& operator=(std::string_view text) noexcept {
    size_ = static_cast<std::uint8_t>(text.size() < kMaxBytes ? text.size() : kMaxBytes);
    copy_short(bytes_, text.data(), size_);
    return *this;
  }
  // The same for a token with kMaxBytes readable bytes from its start (one inside a
  // game's text, not at its end): one copy of a fixed size, without branches on the size.
  void assign_from_longer(std::string_view text) noexcept {
    size_ = static_cast<std::uint8_t>(text.size() < kMaxBytes ? text.size() : kMaxBytes);
    std::memcpy(bytes_, text.data(), kMaxBytes);
  }
  std::string_view view() const noexcept { return {bytes_, size_}; }
  operator std::string_view() const noexcept { return view(); }  // NOLINT: reads as the token
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  friend bool operator==(const WrittenSan& a, std::string_view b) noexcept { return a.view() == b; }

 private:
  char bytes_[kMaxBytes];
  std::uint8_t size_ = 0;
};

struct Node;
// A line of play: consecutive moves, each played in the position the previous one left.
// Its buffer passes to the next line of the thread (a game's mainline to the next game's).
using Line = RecycledVector<Node>;

// What few moves have: a comment before the move, NAGs, variations. Held apart from the
// node, which is then built and destroyed with one pointer instead of four members: a node
// is 64 bytes, not 168 (annotate runs 1.2% fewer instructions, and a game made of short
// variations takes half the memory it took).
struct NodeExtras {
  std::string comment_before;    // comments between the previous move's variations and this move (or before a line's first move), joined by a space
  std::vector<int> nags;         // $n codes in source order, suffix glyphs ("!?") included (spec 8.2.4, 10)
  std::vector<Line> variations;  // alternatives to this move (RAV, spec 8.2.5), each from the position before it
  // On a variation's last move: comments after the variation's ')' that no move of the
  // line follows, but another variation ("(1. d4) {text} (1. c4)") or the line's end.
  // Written after the ')' again; a comment followed by a move is that move's comment_before.
  std::string comment_after_variation;
};

// One move of a line.
struct Node {
  // Each member from its own initialiser: a defaulted constructor would have emplace_back()
  // zero the node first (a `rep stos`, 6% of annotate's time on AMD Zen).
  Node() noexcept {}
  Move move;                    // legal in the position before it (Move::null() for "--" in a variation)
  bool san_canonical = false;   // san_written is the move's canonical SAN (to_san's), as the writers write it
  WrittenSan san_written;       // the token as it stood in the source, suffixes included ("0-0", "Nf3+!?")
  std::string comment_after;    // comments after the move, joined by a space

  // NodeExtras's parts, empty when the node has none.
  const std::string& comment_before() const;
  const std::vector<int>& nags() const;
  const std::vector<Line>& variations() const;
  const std::string& comment_after_variation() const;
  bool has_variations() const { return extras_ && !extras_->variations.empty(); }
  // The same parts to change, made on first use.
  NodeExtras& extras() {
    if (!extras_) extras_ = std::make_unique<NodeExtras>();
    return *extras_;
  }
  // Null when the node has none (release_line takes the variations out; the writers ask
  // once a move, where each reader above asks again).
  NodeExtras* extras_if_any() { return extras_.get(); }
  const NodeExtras* extras_if_any() const { return extras_.get(); }

 private:
  std::unique_ptr<NodeExtras> extras_;
};

namespace detail {
inline const std::string kNoText;
inline const std::vector<int> kNoNags;
inline const std::vector<Line> kNoLines;
}  // namespace detail

inline const std::string& Node::comment_before() const { return extras_ ? extras_->comment_before : detail::kNoText; }
inline const std::vector<int>& Node::nags() const { return extras_ ? extras_->nags : detail::kNoNags; }
inline const std::vector<Line>& Node::variations() const { return extras_ ? extras_->variations : detail::kNoLines; }
inline const std::string& Node::comment_after_variation() const {
  return extras_ ? extras_->comment_after_variation : detail::kNoText;
}

// Destroys a line without recursing into its variations, so a tree nested 10,000 deep
// cannot overflow the stack; line is left empty.
void release_line(Line& line) noexcept;

// A fully replayed game. Move-only: copying would recurse through the variations.
class Game {
 public:
  Game() = default;
  Game(Game&&) noexcept = default;
  Game& operator=(Game&& other) noexcept;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;
  ~Game() { release_line(moves); }

  // First value of a tag, or nullptr; for a standard tag, one spelt in another letter case
  // when none is spelt so ([result] for Result), the one PGN output writes under its name.
  const std::string* tag(std::string_view name) const;
  // Whether a tag is spelt exactly so.
  bool has_tag_spelt(std::string_view name) const;

  std::vector<std::pair<std::string, std::string>> tags;  // in source order, first of duplicate names only, UTF-8
  Position start;          // after the FEN/SetUp/Variant tags (spec 9.7)
  std::string start_fen;   // to_fen(start)
  // The mainline's moves, in every kept game: what the line formats (UCI, LAN, FEN, EPD,
  // CSV), the opening table and dedupe read, four bytes a move.
  RecycledVector<Move> mainline;
  // The mainline as a tree, with its tokens, comments, NAGs and variations: kept only with
  // Keep::Tree (empty with Keep::Mainline); its moves are mainline's, one node each.
  Line moves;
  std::string comment;     // comments of a game without moves
  std::string result;      // the termination marker as written ("1-0", "0-1", "1/2-1/2", "*"), empty when missing
};

}  // namespace chesstool::pgn
