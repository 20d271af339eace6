// SPDX-License-Identifier: MIT
// Position::play, the body of make_move, and its helpers. Always inlined, so that each
// includer (position.cpp, perft_kernel.cpp once per instruction-set path, and the SAN
// fast path in san_resolve.cpp) gets code of its own and no out-of-line copy is shared
// between paths. Private to src/core.
#pragma once

#include <bit>

#include "core/position.hpp"

namespace chesstool {

template <bool WithKey>
inline void Position::place(Piece p, Square s) {
  board_[s] = p;
  Bitboard b = square_bb(s);
  by_type_[0] |= b;
  by_type_[type_of(p)] |= b;
  by_color_[color_of(p)] |= b;
  if constexpr (WithKey) key_ ^= zobrist::kKeys.piece_square[p][s];
}

template <bool WithKey>
inline void Position::remove_piece(Square s) {
  Piece p = board_[s];
  Bitboard b = square_bb(s);
  by_type_[0] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  board_[s] = NoPiece;
  if constexpr (WithKey) key_ ^= zobrist::kKeys.piece_square[p][s];
}

template <bool WithKey>
inline void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard b = square_bb(from) | square_bb(to);
  by_type_[0] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  board_[from] = NoPiece;
  board_[to] = p;
  if constexpr (WithKey) key_ ^= zobrist::kKeys.piece_square[p][from] ^ zobrist::kKeys.piece_square[p][to];
}

template <bool WithKey>
inline void Position::drop_castling_rights(std::uint8_t mask) {
  mask &= castling_;
  while (mask) {
    int i = std::countr_zero(mask);
    mask &= std::uint8_t(mask - 1);
    castling_ &= std::uint8_t(~(1u << i));
    castling_rook_squares_ &= ~square_bb(castle_rook_[i]);
    if constexpr (WithKey) key_ ^= zobrist::kKeys.castling_rook[castle_rook_[i]];
  }
}

template <bool WithKey>
inline void Position::play(Move m) {
  constexpr const zobrist::Keys& K = zobrist::kKeys;
  Color us = side_;
  if (ep_ != kNoSquare) {
    if constexpr (WithKey) key_ ^= K.en_passant_file[file_of(ep_)];
    ep_ = kNoSquare;
  }
  ++halfmove_;
  if (us == Black) ++fullmove_;
  side_ = ~us;
  if constexpr (WithKey) key_ ^= K.black_to_move;
  if (m.is_null()) return;

  Square from = m.from(), to = m.to();
  Piece pc = board_[from];
  PieceType pt = type_of(pc);

  if (m.kind() == Move::Castling) {
    bool king_side = to > from;
    Square king_to = relative_square(us, king_side ? 6 : 2);
    Square rook_to = relative_square(us, king_side ? 5 : 3);
    Piece rook = board_[to];
    remove_piece<WithKey>(from);
    remove_piece<WithKey>(to);
    place<WithKey>(pc, king_to);
    place<WithKey>(rook, rook_to);
    drop_castling_rights<WithKey>(std::uint8_t(us == White ? 0b0011 : 0b1100));
    return;
  }

  if (m.kind() == Move::EnPassant) {
    remove_piece<WithKey>(us == White ? to - 8 : to + 8);
    halfmove_ = 0;
  } else if (board_[to] != NoPiece) {
    remove_piece<WithKey>(to);
    halfmove_ = 0;
  }
  move_piece<WithKey>(from, to);

  if (castling_) {
    if (pt == King) drop_castling_rights<WithKey>(std::uint8_t(us == White ? 0b0011 : 0b1100));
    if ((square_bb(from) | square_bb(to)) & castling_rook_squares_) {
      std::uint8_t mask = 0;
      for (int i = 0; i < 4; ++i)
        if ((castling_ & (1u << i)) && (castle_rook_[i] == from || castle_rook_[i] == to)) mask |= std::uint8_t(1u << i);
      drop_castling_rights<WithKey>(mask);
    }
  }

  if (pt == Pawn) {
    halfmove_ = 0;
    if (m.kind() == Move::Promotion) {
      remove_piece<WithKey>(to);
      place<WithKey>(make_piece(us, m.promotion()), to);
    } else if ((from ^ to) == 16) {
      Square ep = (from + to) / 2;
      // Cheap pre-check: only look for a legal capture when an enemy pawn is beside.
      if (pawn_attacks(us, ep) & pieces(~us, Pawn)) set_ep_if_capturable(ep);
    }
  }
}

}  // namespace chesstool
