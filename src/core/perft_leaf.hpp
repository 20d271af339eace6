// SPDX-License-Identifier: MIT
// The child of a node whose moves perft only counts: the board queries the move generator
// makes (movegen_impl.hpp), and nothing else. Private to src/core; like movegen_impl.hpp,
// included once per instruction-set path, with CHESSTOOL_KERNEL_NS defined first.
#pragma once

#include <cstdint>

#include "core/movegen_impl.hpp"

namespace chesstool::CHESSTOOL_KERNEL_NS {

// Nodes one ply above the leaves are most of perft's copy-and-play: a Position keeps a
// mailbox, a key, clocks and en passant legality up to date that counting never reads.
// A LeafPosition is the bitboards, the castling rights and rooks, and an en passant square
// set whenever an enemy pawn stands beside the double step: the generator tests every en
// passant capture in full (en_passant_moves), so it counts the same moves as from the
// Position after the move.
class LeafPosition {
 public:
  // pos after m, a legal move of Us (the side to move in pos).
  template <Color Us>
  [[gnu::always_inline]] void play(const Position& pos, Move m);

  Bitboard occupied() const { return by_type_[0]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Square king_square(Color c) const { return lsb(pieces(c, King)); }
  Square ep_square() const { return ep_; }
  std::uint8_t castling_rights() const { return castling_; }
  Square castling_rook(Color c, CastlingSide s) const { return castle_rook_[castling_index(c, s)]; }

 private:
  void move_bits(Color c, PieceType t, Bitboard from, Bitboard to) {
    by_type_[t] ^= from | to;
    by_color_[c] ^= from | to;
  }
  void remove_bits(Color c, PieceType t, Bitboard at) {
    by_type_[t] ^= at;
    by_color_[c] ^= at;
  }

  Bitboard by_type_[7];  // [0] = all pieces, kept up to date at the end of play()
  Bitboard by_color_[2];
  Square castle_rook_[4];
  Square ep_;
  std::uint8_t castling_;
};

template <Color Us>
[[gnu::always_inline]] inline void LeafPosition::play(const Position& pos, Move m) {
  constexpr Color Them = ~Us;
  for (int t = Pawn; t <= King; ++t) by_type_[t] = pos.pieces(PieceType(t));
  by_color_[White] = pos.pieces(White);
  by_color_[Black] = pos.pieces(Black);
  for (int c = White; c <= Black; ++c)
    for (int s = KingSide; s <= QueenSide; ++s)
      castle_rook_[castling_index(Color(c), CastlingSide(s))] = pos.castling_rook(Color(c), CastlingSide(s));
  castling_ = pos.castling_rights();
  ep_ = kNoSquare;

  const Square from = m.from(), to = m.to();
  const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
  const PieceType pt = type_of(pos.piece_on(from));
  if (m.kind() == Move::Castling) {  // king takes own rook; in Chess960 the squares may coincide
    const bool king_side = to > from;
    const Bitboard king_to = square_bb(relative_square(Us, king_side ? 6 : 2));
    const Bitboard rook_to = square_bb(relative_square(Us, king_side ? 5 : 3));
    by_type_[King] = (by_type_[King] & ~from_bb) | king_to;
    by_type_[Rook] = (by_type_[Rook] & ~to_bb) | rook_to;
    by_color_[Us] = (by_color_[Us] & ~(from_bb | to_bb)) | king_to | rook_to;
    castling_ &= Us == White ? 0b1100 : 0b0011;
  } else {
    if (m.kind() == Move::EnPassant) {
      remove_bits(Them, Pawn, square_bb(Us == White ? to - 8 : to + 8));
    } else if (const Piece captured = pos.piece_on(to); captured != NoPiece) {
      remove_bits(Them, type_of(captured), to_bb);
    }
    move_bits(Us, pt, from_bb, to_bb);
    if (m.kind() == Move::Promotion) {
      by_type_[Pawn] ^= to_bb;
      by_type_[m.promotion()] ^= to_bb;
    } else if (pt == Pawn && (from ^ to) == 16) {
      const Square ep = (from + to) / 2;
      if (pawn_attacks(Us, ep) & pieces(Them, Pawn)) ep_ = ep;
    }
    if (castling_) {  // as Position::play drops them: a king move, or a castling rook moved or taken
      if (pt == King) castling_ &= Us == White ? 0b1100 : 0b0011;
      for (int i = 0; i < 4; ++i)
        if ((castling_ & (1u << i)) && (castle_rook_[i] == from || castle_rook_[i] == to))
          castling_ &= std::uint8_t(~(1u << i));
    }
  }
  by_type_[0] = by_color_[White] | by_color_[Black];
}

}  // namespace chesstool::CHESSTOOL_KERNEL_NS
