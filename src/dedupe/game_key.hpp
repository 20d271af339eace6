// SPDX-License-Identifier: MIT
// The identity of a game for dedupe: a 128-bit XXH3 key of its start position and mainline moves.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace chesstool::dedupe {

// XXH3-128 (xxHash, libxxhash) of a start position and a move sequence. Two games get
// the same key exactly when they start from the same position and play the same
// moves (up to a 2^-128 collision chance): tags, comments, NAGs, variations and the
// move-number text never reach the hash. A game without moves is keyed by its tags
// instead (key_without_moves).
struct GameKey {
  std::uint64_t lo = 0, hi = 0;
  bool operator==(const GameKey&) const = default;
};

// The bytes that stand for a start position: the 64 squares' pieces, the side to
// move, the rook square of each castling right held (kNoSquare when not held) and the
// en passant square (kept by Position only when a capture onto it is legal, so equal
// positions give equal bytes). The clocks are left out: a game copied with "1." from
// a FEN whose move number was edited is still the same game.
inline constexpr std::size_t kStartBytes = 64 + 1 + 4 + 1;

// Builds keys for one game and for its prefixes (--embedded): holds the start bytes
// and the moves as 2-byte little-endian values, so a prefix key is one hash call.
class KeyBuilder {
 public:
  void start(const Position& start);
  void push(Move m);
  // Key of the start position and the first `plies` moves (plies <= size()).
  GameKey key(std::size_t plies) const;
  GameKey key() const { return key(size()); }
  // key(n) for n = 1 to size() - 1, appended to out in one pass over the bytes (a hash of
  // each prefix from its start made a game of 400,000 plies take 10 s).
  void prefix_keys(std::vector<GameKey>& out) const;
  // Key of the start position and `content` instead of moves, for a game without moves
  // (game_facts: its tags). Hashed with another seed, so it never equals a key of moves.
  GameKey key_without_moves(std::string_view content) const;
  std::size_t size() const { return (bytes_.size() - kStartBytes) / 2; }

 private:
  std::string bytes_;
};

// The XXH3-64 hash of a string, for player names (the --embedded grouping).
std::uint64_t hash64(std::string_view text);

}  // namespace chesstool::dedupe
