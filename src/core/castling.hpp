// SPDX-License-Identifier: MIT
// The castling-path rule, written once: which squares a castling move needs empty and
// which it needs safe. Move generation and the SAN explainer both read it from here.
#pragma once

#include "core/attacks.hpp"
#include "core/position.hpp"
#include "core/types.hpp"

namespace chesstool {

// The squares castling on `side` needs, for the king on `king` and the castling rook on
// `rook` (Chess960 included). The king lands on the g- or c-file and the rook on the f- or
// d-file of the back rank. King and rook may pass over each other; every other square
// either of them crosses or lands on must be empty, and every square the king crosses or
// lands on must not be attacked with both of them lifted off the board.
struct CastlingPath {
  Bitboard movers;         // the king's and the rook's squares (lift these for the attack test)
  Bitboard must_be_empty;  // must hold no piece
  Bitboard king_path;      // must not be attacked; ends on king_to
  Square king_to;
};

inline CastlingPath castling_path(Color us, CastlingSide side, Square king, Square rook) {
  const Square king_to = relative_square(us, side == KingSide ? 6 : 2);
  const Square rook_to = relative_square(us, side == KingSide ? 5 : 3);
  const Bitboard movers = square_bb(king) | square_bb(rook);
  const Bitboard king_path = between_bb(king, king_to) | square_bb(king_to);
  const Bitboard rook_path = between_bb(rook, rook_to) | square_bb(rook_to);
  return {movers, (king_path | rook_path) & ~movers, king_path, king_to};
}

}  // namespace chesstool
