// SPDX-License-Identifier: MIT
// Legal move generator written once as a template over a "sink", so listing moves and
// counting them (perft leaves) share every rule.
#include "core/movegen.hpp"

namespace chesstool {

namespace {

// Collects moves into a MoveList.
struct ListSink {
  MoveList& list;
  void targets(Square from, Bitboard to) {
    while (to) list.push(Move(from, pop_lsb(to)));
  }
  // Pawn moves given as destinations; the origin is destination - delta.
  void pawn_targets(Bitboard to, int delta) {
    while (to) {
      Square t = pop_lsb(to);
      list.push(Move(t - delta, t));
    }
  }
  void pawn_promotions(Bitboard to, int delta) {
    while (to) {
      Square t = pop_lsb(to);
      for (PieceType p : {Queen, Rook, Bishop, Knight}) list.push(Move(t - delta, t, Move::Promotion, p));
    }
  }
  void special(Move m) { list.push(m); }
};

// Counts moves by popcount instead of listing them.
struct CountSink {
  std::uint64_t count = 0;
  void targets(Square, Bitboard to) { count += unsigned(popcount(to)); }
  void pawn_targets(Bitboard to, int) { count += unsigned(popcount(to)); }
  void pawn_promotions(Bitboard to, int) { count += 4u * unsigned(popcount(to)); }
  void special(Move) { ++count; }
};

// Keeps only the moves of one piece type to one square (SAN resolution).
struct FilterSink {
  MoveList& list;
  Bitboard mask;
  void targets(Square from, Bitboard to) {
    to &= mask;
    while (to) list.push(Move(from, pop_lsb(to)));
  }
  void pawn_targets(Bitboard to, int delta) {
    to &= mask;
    while (to) {
      Square t = pop_lsb(to);
      list.push(Move(t - delta, t));
    }
  }
  void pawn_promotions(Bitboard to, int delta) {
    to &= mask;
    while (to) {
      Square t = pop_lsb(to);
      for (PieceType p : {Queen, Rook, Bishop, Knight}) list.push(Move(t - delta, t, Move::Promotion, p));
    }
  }
  void special(Move m) {
    if (mask & square_bb(m.to())) list.push(m);
  }
};

// Which piece types to generate (SAN resolution asks for one).
constexpr unsigned kAllTypes = 0x7E;
constexpr unsigned type_bit(PieceType t) { return 1u << t; }

template <Color Us, class Sink>
void generate(const Position& pos, Sink& sink, unsigned types) {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == White ? 8 : -8;
  constexpr Bitboard kRank3 = rank_bb(Us == White ? 2 : 5);
  constexpr Bitboard kLastRank = rank_bb(Us == White ? 7 : 0);

  const Bitboard occ = pos.occupied();
  const Bitboard us = pos.pieces(Us);
  const Bitboard them = pos.pieces(Them);
  const Square ksq = pos.king_square(Us);
  const Bitboard their_diag = pos.pieces(Them, Bishop) | pos.pieces(Them, Queen);
  const Bitboard their_orth = pos.pieces(Them, Rook) | pos.pieces(Them, Queen);

  const Bitboard checkers = ((pawn_attacks(Us, ksq) & pos.pieces(Them, Pawn)) |
                             (knight_attacks(ksq) & pos.pieces(Them, Knight)) |
                             (bishop_attacks(ksq, occ) & their_diag) | (rook_attacks(ksq, occ) & their_orth));

  // King moves: test each target with the king lifted off the board, so it cannot
  // hide behind itself from a slider.
  if (types & type_bit(King)) {
    Bitboard targets = king_attacks(ksq) & ~us;
    Bitboard safe = 0;
    const Bitboard occ_no_king = occ ^ square_bb(ksq);
    const Bitboard their_king_zone = king_attacks(pos.king_square(Them));
    targets &= ~their_king_zone;
    while (targets) {
      Square t = pop_lsb(targets);
      if ((pawn_attacks(Us, t) & pos.pieces(Them, Pawn)) || (knight_attacks(t) & pos.pieces(Them, Knight)) ||
          (bishop_attacks(t, occ_no_king) & their_diag) || (rook_attacks(t, occ_no_king) & their_orth))
        continue;
      safe |= square_bb(t);
    }
    sink.targets(ksq, safe);
  }
  if (more_than_one(checkers)) return;  // double check: only the king may move

  const Bitboard check_mask = checkers ? between_bb(ksq, lsb(checkers)) | checkers : ~Bitboard(0);

  // Pinned pieces: our single piece between the king and an enemy slider.
  Bitboard pinned = 0;
  Bitboard snipers = (bishop_attacks(ksq, them) & their_diag) | (rook_attacks(ksq, them) & their_orth);
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard b = between_bb(ksq, s) & occ;
    if (b && !more_than_one(b) && (b & us)) pinned |= b;
  }

  const Bitboard target_mask = ~us & check_mask;

  if (types & type_bit(Knight)) {
    Bitboard knights = pos.pieces(Us, Knight) & ~pinned;  // a pinned knight can never move
    while (knights) {
      Square from = pop_lsb(knights);
      sink.targets(from, knight_attacks(from) & target_mask);
    }
  }
  // Sliders; a pinned slider stays on the line through its king and the pinner.
  auto slider_moves = [&](PieceType pt) {
    Bitboard pieces = pos.pieces(Us, pt);
    while (pieces) {
      Square from = pop_lsb(pieces);
      Bitboard t = piece_attacks(pt, from, occ) & target_mask;
      if (pinned & square_bb(from)) t &= line_bb(ksq, from);
      sink.targets(from, t);
    }
  };
  if (types & type_bit(Bishop)) slider_moves(Bishop);
  if (types & type_bit(Rook)) slider_moves(Rook);
  if (types & type_bit(Queen)) slider_moves(Queen);

  if (types & type_bit(Pawn)) {
    const Bitboard pawns = pos.pieces(Us, Pawn);
    const Bitboard empty = ~occ;
    // Pawns pinned along a file may still push; pinned along a diagonal may capture the
    // pinner. Both are handled by restricting to the pin line, per pawn.
    const Bitboard free_pawns = pawns & ~pinned;
    Bitboard push1 = pawn_push<Us>(free_pawns) & empty;
    Bitboard push2 = pawn_push<Us>(push1 & kRank3) & empty & check_mask;
    push1 &= check_mask;
    Bitboard cap_w = pawn_capture_west<Us>(free_pawns) & them & check_mask;
    Bitboard cap_e = pawn_capture_east<Us>(free_pawns) & them & check_mask;
    constexpr int West = Us == White ? 7 : -9;
    constexpr int East = Us == White ? 9 : -7;
    sink.pawn_targets(push1 & ~kLastRank, Up);
    sink.pawn_promotions(push1 & kLastRank, Up);
    sink.pawn_targets(push2, 2 * Up);
    sink.pawn_targets(cap_w & ~kLastRank, West);
    sink.pawn_promotions(cap_w & kLastRank, West);
    sink.pawn_targets(cap_e & ~kLastRank, East);
    sink.pawn_promotions(cap_e & kLastRank, East);

    Bitboard pinned_pawns = pawns & pinned;
    while (pinned_pawns) {
      Square from = pop_lsb(pinned_pawns);
      const Bitboard b = square_bb(from);
      const Bitboard line = line_bb(ksq, from);
      Bitboard p1 = pawn_push<Us>(b) & empty;
      Bitboard p2 = pawn_push<Us>(p1 & kRank3) & empty;
      Bitboard caps = pawn_attacks(Us, from) & them;
      Bitboard t = (p1 | p2 | caps) & line & check_mask;
      if (t & kLastRank) {
        Bitboard promo = t & kLastRank;
        while (promo) {
          Square to = pop_lsb(promo);
          for (PieceType p : {Queen, Rook, Bishop, Knight}) sink.special(Move(from, to, Move::Promotion, p));
        }
        t &= ~kLastRank;
      }
      sink.targets(from, t);
    }

    // En passant: the position keeps ep only when some capture is legal, but each
    // capturer is checked again (the horizontal pin of both pawns, checks, pins).
    const Square ep = pos.ep_square();
    if (ep != kNoSquare) {
      const Square captured = ep - Up;
      Bitboard capturers = pawn_attacks(Them, ep) & pawns;
      while (capturers) {
        Square from = pop_lsb(capturers);
        Bitboard after = (occ ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
        if (checkers & ~square_bb(captured) & ~(pos.pieces(Them, Bishop) | pos.pieces(Them, Rook) | pos.pieces(Them, Queen)))
          continue;  // a knight or pawn check that this capture does not remove
        if ((bishop_attacks(ksq, after) & their_diag) || (rook_attacks(ksq, after) & their_orth)) continue;
        sink.special(Move(from, ep, Move::EnPassant));
      }
    }
  }

  // Castling: never out of, through or into check. The king and rook may pass over each
  // other (Chess960); every other square they cross must be empty, and every square the
  // king crosses must be safe with both king and rook lifted off the board.
  if ((types & type_bit(King)) && !checkers && (pos.castling_rights() & (Us == White ? 0b0011 : 0b1100))) {
    for (CastlingSide side : {KingSide, QueenSide}) {
      if (!pos.has_castling_right(Us, side)) continue;
      const Square rook = pos.castling_rook(Us, side);
      const Square king_to = relative_square(Us, side == KingSide ? 6 : 2);
      const Square rook_to = relative_square(Us, side == KingSide ? 5 : 3);
      const Bitboard movers = square_bb(ksq) | square_bb(rook);
      const Bitboard must_be_empty = (between_bb(ksq, king_to) | square_bb(king_to) | between_bb(rook, rook_to) |
                                      square_bb(rook_to)) & ~movers;
      if (occ & must_be_empty) continue;
      const Bitboard lifted = occ ^ movers;
      Bitboard king_path = between_bb(ksq, king_to) | square_bb(king_to);
      bool safe = true;
      while (king_path && safe) {
        Square s = pop_lsb(king_path);
        if ((pawn_attacks(Us, s) & pos.pieces(Them, Pawn)) || (knight_attacks(s) & pos.pieces(Them, Knight)) ||
            (king_attacks(s) & pos.pieces(Them, King)) || (bishop_attacks(s, lifted) & their_diag) ||
            (rook_attacks(s, lifted) & their_orth))
          safe = false;
      }
      if (safe) sink.special(Move(ksq, rook, Move::Castling));
    }
  }
}

template <class Sink>
void generate_for_side(const Position& pos, Sink& sink, unsigned types) {
  if (pos.side_to_move() == White)
    generate<White>(pos, sink, types);
  else
    generate<Black>(pos, sink, types);
}

}  // namespace

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

// True when moving `from` to `to` (removing the piece on `captured`, which differs from
// `to` only for en passant) leaves the mover's king, on ksq, unattacked. A direct test
// instead of a full generation: SAN resolution asks about one or two candidates.
bool leaves_king_safe(const Position& pos, Square ksq, Square from, Square to, Square captured) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard gone = square_bb(captured);
  // A knight or pawn check stays unless this move captures the checker.
  if (((pawn_attacks(us, ksq) & pos.pieces(them, Pawn)) | (knight_attacks(ksq) & pos.pieces(them, Knight))) & ~gone)
    return false;
  // Sliders: with the occupancy after the move (discovered checks, blocked checks). Most
  // enemy sliders share no line with the king at all: skip the lookup for them.
  const Bitboard occ = (pos.occupied() ^ square_bb(from) ^ gone) | square_bb(to);
  const Bitboard diag = (pos.pieces(them, Bishop) | pos.pieces(them, Queen)) & bishop_pseudo_attacks(ksq) & ~gone;
  const Bitboard orth = (pos.pieces(them, Rook) | pos.pieces(them, Queen)) & rook_pseudo_attacks(ksq) & ~gone;
  return !((diag && (bishop_attacks(ksq, occ) & diag)) || (orth && (rook_attacks(ksq, occ) & orth)));
}

}  // namespace

void generate_legal_to(const Position& pos, PieceType pt, Square to, MoveList& list) {
  list.count = 0;
  const Color us = pos.side_to_move();
  const Bitboard target = square_bb(to);
  const Square ksq = pos.king_square(us);

  if (pt == King) {
    // A king step, tested with the king lifted off the board.
    if ((king_attacks(ksq) & target) && !(pos.pieces(us) & target)) {
      Bitboard occ = pos.occupied() ^ square_bb(ksq);
      if (!(pos.attackers_to(to, occ) & pos.pieces(~us) & ~target)) list.push(Move(ksq, to));
    }
    // Castling is "king takes rook" but SAN names the king's destination: when it can
    // land here, let the full generator judge it.
    if (pos.castling_rights() && rank_of(to) == relative_square(us, 0) / 8 && (file_of(to) == 6 || file_of(to) == 2)) {
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
    if (pt != Knight && (between_bb(f, to) & pos.occupied())) continue;
    if (leaves_king_safe(pos, ksq, f, to, to)) list.push(Move(f, to));
  }
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
