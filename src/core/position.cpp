// SPDX-License-Identifier: MIT
// Position updates: placing pieces, making moves, castling rights and keys.
#include "core/position.hpp"

#include <cstring>

#include "core/position_play.hpp"

namespace chesstool {

namespace {
constexpr const zobrist::Keys& K = zobrist::kKeys;
}

void Position::clear() { *this = Position(); }

void Position::put_piece(Piece p, Square s) { place<true>(p, s); }

void Position::add_castling_right(Color c, CastlingSide s, Square rook) {
  int i = castling_index(c, s);
  castling_ |= std::uint8_t(1u << i);
  castle_rook_[i] = rook;
  castling_rook_squares_ |= square_bb(rook);
  key_ ^= K.castling_rook[rook];
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  return (pawn_attacks(Black, s) & pieces(White, Pawn)) | (pawn_attacks(White, s) & pieces(Black, Pawn)) |
         (knight_attacks(s) & pieces(Knight)) | (king_attacks(s) & pieces(King)) |
         (bishop_attacks(s, occ) & pieces(Bishop, Queen)) | (rook_attacks(s, occ) & pieces(Rook, Queen));
}

bool Position::is_attacked_by(Color attacker, Square s, Bitboard occ) const {
  const Bitboard them = pieces(attacker);
  if (them & ((pawn_attacks(~attacker, s) & by_type_[Pawn]) | (knight_attacks(s) & by_type_[Knight]) |
               (king_attacks(s) & by_type_[King])))
    return true;
  // Only the sliders on a line with s that they move along.
  const Bitboard sliders = them & (((by_type_[Bishop] | by_type_[Queen]) & bishop_pseudo_attacks(s)) |
                                   ((by_type_[Rook] | by_type_[Queen]) & rook_pseudo_attacks(s)));
  return any_slider_reaches(s, sliders, occ);
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

void Position::make_move(Move m) { play<true>(m); }

void Position::unmake_move(Move m, const Undo& undo) {
  side_ = ~side_;
  const Color us = side_;
  if (us == Black) --fullmove_;
  key_ = undo.key;
  castling_rook_squares_ = undo.castling_rook_squares;
  halfmove_ = undo.halfmove;
  ep_ = undo.ep;
  castling_ = undo.castling;
  if (m.is_null()) return;
  const Square from = m.from(), to = m.to();
  if (m.kind() == Move::Castling) {
    // As play() does it: both off the board first, for the Chess960 castlings whose
    // squares overlap.
    const bool king_side = to > from;
    const Square king_to = relative_square(us, king_side ? 6 : 2);
    const Square rook_to = relative_square(us, king_side ? 5 : 3);
    const Piece king = board_[king_to], rook = board_[rook_to];
    remove_piece<false>(king_to);
    remove_piece<false>(rook_to);
    place<false>(king, from);
    place<false>(rook, to);
    return;
  }
  if (m.kind() == Move::Promotion) {
    remove_piece<false>(to);
    place<false>(make_piece(us, Pawn), from);
  } else {
    move_piece<false>(to, from);
  }
  if (m.kind() == Move::EnPassant)
    place<false>(undo.captured, us == White ? to - 8 : to + 8);
  else if (undo.captured != NoPiece)
    place<false>(undo.captured, to);
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
