// SPDX-License-Identifier: MIT
// The public move generation API. The generator itself is in movegen_impl.hpp, shared
// with the perft kernels; this copy is compiled for baseline x86-64, like everything
// outside the kernels.
#include "core/movegen.hpp"

#define CHESSTOOL_KERNEL_NS movegen_generic
#include "core/movegen_impl.hpp"

namespace chesstool {

using movegen_generic::CountSink;
using movegen_generic::generate_for_side;
using movegen_generic::kAllTypes;
using movegen_generic::ListSink;
using movegen_generic::type_bit;

void generate_legal(const Position& pos, MoveList& list) {
  list.count = 0;
  ListSink sink{list};
  generate_for_side(pos, sink, kAllTypes);
}

std::uint64_t count_legal(const Position& pos) {
  CountSink sink;
  generate_for_side(pos, sink, kAllTypes);
  return sink.count;
}

namespace {

// Whether the side to move's king, on ksq, may step to `to` (next to it, not holding one of
// its own pieces): no enemy piece attacks `to` with the king lifted off the board, so that
// it cannot hide behind itself from a slider. is_attacked_by, not attackers_to: it looks up
// a slider's attacks only for a slider on a line with `to` (the magic tables, 850 KB, are
// seldom in cache while games are replayed). A piece taken on `to` attacks no square of its own.
bool king_step_is_safe(const Position& pos, Square ksq, Square to) {
  return !pos.is_attacked_by(~pos.side_to_move(), to, pos.occupied() ^ square_bb(ksq));
}

}  // namespace

bool has_legal_move(const Position& pos) {
  // At most eight king steps first: much cheaper than the full generation.
  const Square ksq = pos.king_square(pos.side_to_move());
  for (Bitboard steps = king_attacks(ksq) & ~pos.pieces(pos.side_to_move()); steps;)
    if (king_step_is_safe(pos, ksq, pop_lsb(steps))) return true;
  return count_legal(pos) != 0;
}

namespace {

// True when moving `from` to `to` (removing the piece on `captured`, which differs from
// `to` only for en passant) leaves the mover's king, on ksq, unattacked. A direct test
// instead of a full generation: SAN resolution asks about one or two candidates, once a
// move (inlined: the call cost 1% of validate).
[[gnu::always_inline]] inline bool leaves_king_safe(const Position& pos, Square ksq, Square from, Square to,
                                                    Square captured) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard gone = square_bb(captured);
  // A knight or pawn check stays unless this move captures the checker.
  if (((pawn_attacks(us, ksq) & pos.pieces(them, Pawn)) | (knight_attacks(ksq) & pos.pieces(them, Knight))) & ~gone)
    return false;
  // Sliders: with the occupancy after the move (discovered checks, blocked checks). Most
  // enemy sliders share no line with the king at all: skip the lookup for them.
  const Bitboard occ = (pos.occupied() ^ square_bb(from) ^ gone) | square_bb(to);
  const Bitboard diag = (pos.pieces(them, Bishop) | pos.pieces(them, Queen)) & bishop_pseudo_attacks(ksq);
  const Bitboard orth = (pos.pieces(them, Rook) | pos.pieces(them, Queen)) & rook_pseudo_attacks(ksq);
  return !any_slider_reaches(ksq, (diag | orth) & ~gone, occ);
}

// Whether a castling of us could land its king on `to` (the g- or c-file of the back
// rank, with a right left): SAN names castling by the king's destination.
bool castling_may_land_on(const Position& pos, Color us, Square to) {
  return pos.castling_rights() && rank_of(to) == relative_square(us, 0) / 8 && (file_of(to) == 6 || file_of(to) == 2);
}

}  // namespace

void generate_legal_to(const Position& pos, PieceType pt, Square to, MoveList& list) {
  list.count = 0;
  const Color us = pos.side_to_move();
  const Bitboard target = square_bb(to);
  const Square ksq = pos.king_square(us);

  if (pt == King) {
    if ((king_attacks(ksq) & target) && !(pos.pieces(us) & target) && king_step_is_safe(pos, ksq, to))
      list.push(Move(ksq, to));
    // Castling is "king takes rook" but SAN names the king's destination: when it can
    // land here, let the full generator judge it.
    if (castling_may_land_on(pos, us, to)) {
      MoveList all;
      ListSink sink{all};
      generate_for_side(pos, sink, type_bit(King));
      for (Move m : all)
        if (m.is_castling() && castling_king_destination(pos, m) == to) list.push(m);
    }
    return;
  }
  if (pos.pieces(us) & target) return;

  if (pt == Pawn) {
    const int up = us == White ? 8 : -8;
    const bool promotes = relative_rank(us, to) == 7;
    auto add = [&](Square from, Move::Kind kind, Square captured) {
      if (!leaves_king_safe(pos, ksq, from, to, captured)) return;
      if (promotes) {
        for (PieceType p : {Queen, Rook, Bishop, Knight}) list.push(Move(from, to, Move::Promotion, p));
      } else {
        list.push(Move(from, to, kind));
      }
    };
    const Bitboard pawns = pos.pieces(us, Pawn);
    if (pos.piece_on(to) != NoPiece) {
      Bitboard from = pawn_attacks(~us, to) & pawns;
      while (from) add(pop_lsb(from), Move::Normal, to);
      return;
    }
    if (to == pos.ep_square()) {
      Bitboard from = pawn_attacks(~us, to) & pawns;
      while (from) add(pop_lsb(from), Move::EnPassant, to - up);
    }
    const Square one = to - up;
    if (one >= 0 && one < 64) {
      if (pawns & square_bb(one)) {
        add(one, Move::Normal, to);
      } else if (relative_rank(us, to) == 3 && pos.piece_on(one) == NoPiece && (pawns & square_bb(one - up))) {
        add(one - up, Move::Normal, to);
      }
    }
    return;
  }

  // Pieces that could reach `to` on an empty board, then a clear path: cheaper than a
  // magic lookup when, as usual, one or two pieces qualify.
  Bitboard reach = pt == Knight ? knight_attacks(to)
                   : pt == Bishop ? bishop_pseudo_attacks(to)
                   : pt == Rook  ? rook_pseudo_attacks(to)
                                 : bishop_pseudo_attacks(to) | rook_pseudo_attacks(to);
  Bitboard from = reach & pos.pieces(us, pt);
  while (from) {
    Square f = pop_lsb(from);
    if (between_bb(f, to) & pos.occupied()) continue;  // empty for a knight: it shares no line with to
    if (leaves_king_safe(pos, ksq, f, to, to)) list.push(Move(f, to));
  }
}

namespace {

// unique_plain_move for a pawn: a capture comes from the named file, a push from the
// target's own file; an en passant target may have both. It and unique_king_move are out
// of line: unique_plain_move, called for every move, then saves and restores only the
// registers of the pieces' path (its own prologue and epilogue were 16% of its time).
[[gnu::noinline]] Move unique_pawn_move(const Position& pos, Square ksq, Square to, int from_file) {
  const Color us = pos.side_to_move();
  const int up = us == White ? 8 : -8;
  const int file = from_file >= 0 ? from_file : file_of(to);
  const Bitboard pawns = pos.pieces(us, Pawn);
  const Bitboard capturers = pawn_attacks(~us, to) & pawns & file_bb(file);  // at most one
  if (pos.piece_on(to) != NoPiece) {
    if (!capturers) return Move();
    const Square from = lsb(capturers);
    return leaves_king_safe(pos, ksq, from, to, to) ? Move(from, to) : Move();
  }
  Move found;
  if (to == pos.ep_square() && capturers && leaves_king_safe(pos, ksq, lsb(capturers), to, to - up))
    found = Move(lsb(capturers), to, Move::EnPassant);
  if (file != file_of(to)) return found;
  const Square one = to - up;
  if (one < 0 || one >= 64) return found;
  Square from = kNoSquare;
  if (pawns & square_bb(one))
    from = one;
  else if (relative_rank(us, to) == 3 && pos.piece_on(one) == NoPiece && (pawns & square_bb(one - up)))
    from = one - up;
  if (from == kNoSquare || !leaves_king_safe(pos, ksq, from, to, to)) return found;
  return found ? Move() : Move(from, to);
}

// unique_plain_move for the king (see unique_pawn_move).
[[gnu::noinline]] Move unique_king_move(const Position& pos, Square ksq, Square to, int from_file, int from_rank) {
  const Color us = pos.side_to_move();
  if ((from_file >= 0 && file_of(ksq) != from_file) || (from_rank >= 0 && rank_of(ksq) != from_rank)) return Move();
  // Where castling can land, the king step is plain only if no castling lands there too.
  if (castling_may_land_on(pos, us, to)) {
    MoveList moves;
    generate_legal_to(pos, King, to, moves);
    return moves.size() == 1 && !moves.moves[0].is_castling() ? moves.moves[0] : Move();
  }
  if (!(king_attacks(ksq) & square_bb(to))) return Move();
  return king_step_is_safe(pos, ksq, to) ? Move(ksq, to) : Move();
}

}  // namespace

Move unique_plain_move(const Position& pos, PieceType pt, Square to, int from_file, int from_rank) {
  const Color us = pos.side_to_move();
  const Bitboard target = square_bb(to);
  if (pos.pieces(us) & target) return Move();
  const Square ksq = pos.king_square(us);
  if (pt == Pawn) return from_rank < 0 ? unique_pawn_move(pos, ksq, to, from_file) : Move();
  if (pt == King) return unique_king_move(pos, ksq, to, from_file, from_rank);
  Bitboard from = pos.pieces(us, pt) & (pt == Knight   ? knight_attacks(to)
                                        : pt == Bishop ? bishop_pseudo_attacks(to)
                                        : pt == Rook   ? rook_pseudo_attacks(to)
                                                       : bishop_pseudo_attacks(to) | rook_pseudo_attacks(to));
  if (from_file >= 0) from &= file_bb(from_file);
  if (from_rank >= 0) from &= rank_bb(from_rank);
  Move found;
  while (from) {
    const Square f = pop_lsb(from);
    // A knight shares no line with `to`: no lookup in the 32 KB table, which crowds the cache.
    if (pt != Knight && (between_bb(f, to) & pos.occupied())) continue;
    if (!leaves_king_safe(pos, ksq, f, to, to)) continue;
    if (found) return Move();  // ambiguous: the resolver words the error
    found = Move(f, to);
  }
  return found;
}

bool castling_is_legal(const Position& pos, CastlingSide side) {
  const Color us = pos.side_to_move();
  if (!pos.has_castling_right(us, side)) return false;
  const Square ksq = pos.king_square(us);
  const Square rook = pos.castling_rook(us, side);
  const Bitboard occ = pos.occupied();
  const CastlingPath path = castling_path(us, side, ksq, rook);
  if ((occ & path.must_be_empty) || pos.is_check()) return false;
  const Bitboard lifted = occ ^ path.movers;
  for (Bitboard squares = path.king_path; squares;)
    if (pos.is_attacked_by(~us, pop_lsb(squares), lifted)) return false;
  return true;
}

bool is_legal(const Position& pos, Move m) {
  MoveList list;
  generate_legal(pos, list);
  return list.contains(m);
}

Square castling_king_destination(const Position& pos, Move m) {
  Color us = color_of(pos.piece_on(m.from()));
  return relative_square(us, m.to() > m.from() ? 6 : 2);
}

}  // namespace chesstool
