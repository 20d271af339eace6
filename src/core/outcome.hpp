// SPDX-License-Identifier: MIT
// How a game stands by the FIDE Laws: dead positions, repetitions and the move counters.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/position.hpp"

namespace chesstool {

// Dead by material (FIDE 5.2.2 / 9.6.2), recognised cases only: K v K, K+B v K, K+N v K,
// and kings with any number of bishops (either side) all on squares of one colour. Never
// true for a position where mate is still possible.
bool is_insufficient_material(const Position& pos);

// False when `side` could not checkmate by any series of legal moves (FIDE 6.9: a flag
// fall then draws). Recognised: `side` has a bare king; or a king and a single knight or
// bishop against a bare king. Anything else counts as able to mate.
bool can_checkmate_at_all(const Position& pos, Color side);

// True when the side to move has no legal move and is in check.
bool is_checkmate(const Position& pos);
// True when the side to move has no legal move and is not in check.
bool is_stalemate(const Position& pos);

// 50 moves by each side without capture or pawn move: claimable (FIDE 9.3); 75 end the
// game automatically (FIDE 9.6.2) unless the last move mated (checked by the caller).
inline bool can_claim_fifty_moves(const Position& pos) { return pos.halfmove_clock() >= 100; }
inline bool is_seventyfive_moves(const Position& pos) { return pos.halfmove_clock() >= 150; }

// Occurrences of positions along one line of play. Positions are equal in the FIDE sense
// (9.2.3): same side to move, pieces, castling rights and en passant capture actually
// possible, which is exactly what the Zobrist key covers (ep only when legal).
class RepetitionHistory {
 public:
  RepetitionHistory() { keys_.reserve(128); }  // most games: one allocation
  // Records pos (reached by the last move, or the start) and returns how many times it has
  // now occurred. An irreversible move (half-move clock 0) clears older positions.
  int push(const Position& pos);
  void clear() {
    keys_.clear();
    seen_ = {};
  }

 private:
  std::vector<Key> keys_;
  // One bit per value of (key mod 512) among keys_: a position whose bit is clear has not
  // occurred before, so most pushes skip the scan.
  std::array<std::uint64_t, 8> seen_{};
};

}  // namespace chesstool
