// SPDX-License-Identifier: MIT
// The 16-bit Move value type.
#pragma once

#include <cstdint>

#include "core/types.hpp"

namespace chesstool {

// Bit layout: 0-5 from, 6-11 to, 12-13 promotion piece (Knight..Queen as 0..3),
// 14-15 kind. Castling is stored as "king takes own rook" (to = rook square), so
// Chess960 castling needs no special case. Move::none() is 0 (a1a1, never legal).
class Move {
 public:
  enum Kind : std::uint16_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

  constexpr Move() = default;
  constexpr Move(Square from, Square to) : data_(std::uint16_t(from | (to << 6))) {}
  constexpr Move(Square from, Square to, Kind kind, PieceType promo = Knight)
      : data_(std::uint16_t(from | (to << 6) | ((promo - Knight) << 12) | (kind << 14))) {}

  static constexpr Move none() { return Move(); }
  // The null move ("--" in PGN): passes the turn. from == to == b1 marks it.
  static constexpr Move null() { return Move(1, 1); }

  constexpr Square from() const { return data_ & 63; }
  constexpr Square to() const { return (data_ >> 6) & 63; }
  constexpr Kind kind() const { return Kind(data_ >> 14); }
  constexpr PieceType promotion() const { return kind() == Promotion ? PieceType(((data_ >> 12) & 3) + Knight) : NoPieceType; }
  constexpr bool is_castling() const { return kind() == Castling; }
  constexpr bool is_null() const { return data_ == null().data_; }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr explicit operator bool() const { return data_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

// A fixed-capacity list of moves. Legal chess positions have at most 218 moves; perft
// suites also hold impossible ones (33 pieces: 270 moves), so the capacity covers any
// position parse_fen accepts (at most 32 pieces a side: under 1024 moves). The storage is left uninitialised (the union skips Move's constructor), so a list on
// the stack costs nothing until moves are pushed.
struct MoveList {
  union {
    Move moves[1024];
  };
  int count = 0;
  MoveList() {}
  void push(Move m) { moves[count++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + count; }
  int size() const { return count; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
};

}  // namespace chesstool
