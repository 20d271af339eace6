// SPDX-License-Identifier: MIT
// Zobrist hashing keys, generated at compile time from a fixed seed (no init call needed).
#pragma once

#include <array>

#include "core/types.hpp"

namespace chesstool::zobrist {

struct Keys {
  Key piece_square[16][64]{};  // indexed by Piece (color << 3 | type)
  Key castling_rook[64]{};     // one key per castling rook square that still has its right
  Key en_passant_file[8]{};
  Key black_to_move{};
};

constexpr Keys make_keys() {
  Keys k;
  std::uint64_t s = 0x2545F4914F6CDD1DULL;
  auto next = [&s]() {  // splitmix64
    s += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& row : k.piece_square)
    for (auto& key : row) key = next();
  for (auto& key : k.castling_rook) key = next();
  for (auto& key : k.en_passant_file) key = next();
  k.black_to_move = next();
  return k;
}

inline constexpr Keys kKeys = make_keys();

}  // namespace chesstool::zobrist
