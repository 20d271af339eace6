// SPDX-License-Identifier: MIT
// Position updates: placing pieces, making moves, castling rights and keys.
#include "core/position.hpp"

#include <cstring>

#include "core/fen.hpp"

namespace chesstool {

namespace {
constexpr const zobrist::Keys& K = zobrist::kKeys;
}

Position Position::startpos() {
  static const Position start = parse_fen(kStartFen).position;
  return start;
}

void Position::clear() { *this = Position(); }

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  Bitboard b = square_bb(s);
  by_type_[0] |= b;
  by_type_[type_of(p)] |= b;
  by_color_[color_of(p)] |= b;
  key_ ^= K.piece_square[p][s];
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  Bitboard b = square_bb(s);
  by_type_[0] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  board_[s] = NoPiece;
  key_ ^= K.piece_square[p][s];
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard b = square_bb(from) | square_bb(to);
  by_type_[0] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  board_[from] = NoPiece;
  board_[to] = p;
  key_ ^= K.piece_square[p][from] ^ K.piece_square[p][to];
}

void Position::add_castling_right(Color c, CastlingSide s, Square rook) {
  int i = castling_index(c, s);
  castling_ |= std::uint8_t(1u << i);
  castle_rook_[i] = rook;
  castling_rook_squares_ |= square_bb(rook);
  key_ ^= K.castling_rook[rook];
}

void Position::drop_castling_rights(std::uint8_t mask) {
  mask &= castling_;
  while (mask) {
    int i = std::countr_zero(mask);
    mask &= std::uint8_t(mask - 1);
    castling_ &= std::uint8_t(~(1u << i));
    castling_rook_squares_ &= ~square_bb(castle_rook_[i]);
    key_ ^= K.castling_rook[castle_rook_[i]];
  }
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  return (pawn_attacks(Black, s) & pieces(White, Pawn)) | (pawn_attacks(White, s) & pieces(Black, Pawn)) |
         (knight_attacks(s) & pieces(Knight)) | (king_attacks(s) & pieces(King)) |
         (bishop_attacks(s, occ) & pieces(Bishop, Queen)) | (rook_attacks(s, occ) & pieces(Rook, Queen));
}

bool Position::is_attacked_by(Color attacker, Square s, Bitboard occ) const {
  Bitboard them = pieces(attacker);
  return (pawn_attacks(~attacker, s) & them & by_type_[Pawn]) || (knight_attacks(s) & them & by_type_[Knight]) ||
         (king_attacks(s) & them & by_type_[King]) ||
         (bishop_attacks(s, occ) & them & (by_type_[Bishop] | by_type_[Queen])) ||
         (rook_attacks(s, occ) & them & (by_type_[Rook] | by_type_[Queen]));
}

Bitboard Position::checkers() const { return attackers_to(king_square(side_), occupied()) & pieces(~side_); }

bool Position::set_ep_if_capturable(Square ep) {
  // The capturing side is the side to move; the pawn that just double-stepped stands
  // one rank beyond ep from the capturer's view.
  Color us = side_;
  Square captured = us == White ? ep - 8 : ep + 8;
  Bitboard capturers = pawn_attacks(~us, ep) & pieces(us, Pawn);
  Square ksq = king_square(us);
  while (capturers) {
    Square from = pop_lsb(capturers);
    Bitboard occ = (occupied() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
    Bitboard attackers = attackers_to(ksq, occ) & pieces(~us) & ~square_bb(captured);
    if (!attackers) {
      ep_ = ep;
      key_ ^= K.en_passant_file[file_of(ep)];
      return true;
    }
  }
  return false;
}

void Position::make_move(Move m) {
  Color us = side_;
  if (ep_ != kNoSquare) {
    key_ ^= K.en_passant_file[file_of(ep_)];
    ep_ = kNoSquare;
  }
  ++halfmove_;
  if (us == Black) ++fullmove_;
  side_ = ~us;
  key_ ^= K.black_to_move;
  if (m.is_null()) return;

  Square from = m.from(), to = m.to();
  Piece pc = board_[from];
  PieceType pt = type_of(pc);

  if (m.kind() == Move::Castling) {
    bool king_side = to > from;
    Square king_to = relative_square(us, king_side ? 6 : 2);
    Square rook_to = relative_square(us, king_side ? 5 : 3);
    Piece rook = board_[to];
    remove_piece(from);
    remove_piece(to);
    put_piece(pc, king_to);
    put_piece(rook, rook_to);
    drop_castling_rights(std::uint8_t(us == White ? 0b0011 : 0b1100));
    return;
  }

  if (m.kind() == Move::EnPassant) {
    remove_piece(us == White ? to - 8 : to + 8);
    halfmove_ = 0;
  } else if (board_[to] != NoPiece) {
    remove_piece(to);
    halfmove_ = 0;
  }
  move_piece(from, to);

  if (castling_) {
    if (pt == King) drop_castling_rights(std::uint8_t(us == White ? 0b0011 : 0b1100));
    if ((square_bb(from) | square_bb(to)) & castling_rook_squares_) {
      std::uint8_t mask = 0;
      for (int i = 0; i < 4; ++i)
        if ((castling_ & (1u << i)) && (castle_rook_[i] == from || castle_rook_[i] == to)) mask |= std::uint8_t(1u << i);
      drop_castling_rights(mask);
    }
  }

  if (pt == Pawn) {
    halfmove_ = 0;
    if (m.kind() == Move::Promotion) {
      remove_piece(to);
      put_piece(make_piece(us, m.promotion()), to);
    } else if ((from ^ to) == 16) {
      Square ep = (from + to) / 2;
      // Cheap pre-check: only look for a legal capture when an enemy pawn is beside.
      if (pawn_attacks(us, ep) & pieces(~us, Pawn)) set_ep_if_capturable(ep);
    }
  }
}

Key Position::compute_key() const {
  Key k = 0;
  for (Square s = 0; s < 64; ++s)
    if (board_[s] != NoPiece) k ^= K.piece_square[board_[s]][s];
  for (int i = 0; i < 4; ++i)
    if (castling_ & (1u << i)) k ^= K.castling_rook[castle_rook_[i]];
  if (ep_ != kNoSquare) k ^= K.en_passant_file[file_of(ep_)];
  if (side_ == Black) k ^= K.black_to_move;
  return k;
}

bool Position::operator==(const Position& o) const {
  if (std::memcmp(board_, o.board_, sizeof board_) != 0) return false;
  if (side_ != o.side_ || castling_ != o.castling_ || ep_ != o.ep_ || halfmove_ != o.halfmove_ ||
      fullmove_ != o.fullmove_ || chess960_ != o.chess960_ || key_ != o.key_)
    return false;
  for (int i = 0; i < 4; ++i)
    if ((castling_ & (1u << i)) && castle_rook_[i] != o.castle_rook_[i]) return false;
  return true;
}

}  // namespace chesstool
