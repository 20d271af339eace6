// SPDX-License-Identifier: MIT
// The legal move generator, written once as a template over a "sink" so that listing
// moves and counting them (perft leaves) share every rule. Private to src/core.
//
// Included by movegen.cpp (the public API, baseline x86-64) and by perft_kernel.cpp,
// which is compiled once per instruction-set path (dispatch.hpp). Each includer first
// defines CHESSTOOL_KERNEL_NS, the namespace that everything here goes into, so every
// copy has names of its own and the linker never mixes code of one path into another;
// CHESSTOOL_KERNEL_PEXT=1 selects PEXT slider lookups.
#pragma once

#include <bit>
#include <cstdint>

#if CHESSTOOL_KERNEL_PEXT
#include <immintrin.h>
#endif

#include "core/attacks.hpp"
#include "core/castling.hpp"
#include "core/move.hpp"
#include "core/position.hpp"

#ifndef CHESSTOOL_KERNEL_NS
#error "define CHESSTOOL_KERNEL_NS before including core/movegen_impl.hpp"
#endif

namespace chesstool::CHESSTOOL_KERNEL_NS {

// Bit helpers and slider lookups of this path. They hide chesstool::popcount and friends
// inside this namespace, so that their code is this path's too, whatever the compiler
// inlines. (No ADL reaches the hidden ones: the arguments are plain integers.)
inline int popcount(Bitboard b) {
#if defined(__x86_64__) && !defined(__POPCNT__)
  // Without POPCNT, GCC makes std::popcount a call into libgcc; this is the same
  // arithmetic, inline.
  b -= (b >> 1) & 0x5555555555555555ULL;
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return int((b * 0x0101010101010101ULL) >> 56);
#else
  return std::popcount(b);
#endif
}
inline Square lsb(Bitboard b) { return Square(__builtin_ctzll(b)); }  // b != 0
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
inline bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

#if CHESSTOOL_KERNEL_PEXT
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  const detail::PextEntry& e = detail::g_bishop_pext[s];
  return e.attacks[_pext_u64(occ, e.mask)];
}
inline Bitboard rook_attacks(Square s, Bitboard occ) {
  const detail::PextEntry& e = detail::g_rook_pext[s];
  return e.attacks[_pext_u64(occ, e.mask)];
}
#else
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
  const detail::Magic& m = detail::g_bishop_magics[s];
  return m.attacks[((occ & m.mask) * m.magic) >> m.shift];
}
inline Bitboard rook_attacks(Square s, Bitboard occ) {
  const detail::Magic& m = detail::g_rook_magics[s];
  return m.attacks[((occ & m.mask) * m.magic) >> m.shift];
}
#endif

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

// Which piece types to generate (SAN resolution asks for one).
constexpr unsigned kAllTypes = 0x7E;
constexpr unsigned type_bit(PieceType t) { return 1u << t; }

template <Color Us, class Sink>
[[gnu::always_inline]] inline void generate(const Position& pos, Sink& sink, unsigned types) {
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

  // Enemy sliders on the king's lines of an empty board: usually none or one, so the
  // lookups for slider checks are skipped when there is nothing to find.
  const Bitboard diag_snipers = bishop_pseudo_attacks(ksq) & their_diag;
  const Bitboard orth_snipers = rook_pseudo_attacks(ksq) & their_orth;
  Bitboard checkers = (pawn_attacks(Us, ksq) & pos.pieces(Them, Pawn)) | (knight_attacks(ksq) & pos.pieces(Them, Knight));
  if (diag_snipers) checkers |= bishop_attacks(ksq, occ) & diag_snipers;
  if (orth_snipers) checkers |= rook_attacks(ksq, occ) & orth_snipers;

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

  // Pinned pieces: our single piece between the king and an enemy slider. The snipers
  // are few, so they are tested one by one instead of with two lookups.
  Bitboard pinned = 0;
  Bitboard snipers = diag_snipers | orth_snipers;
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
  // Sliders; a pinned slider stays on the line through its king and the pinner. Pins
  // are rare, so the pinned ones get a loop of their own.
  auto slider_moves = [&](Bitboard pieces, auto attacks) {
    for (Bitboard free = pieces & ~pinned; free;) {
      Square from = pop_lsb(free);
      sink.targets(from, attacks(from) & target_mask);
    }
    for (Bitboard held = pieces & pinned; held;) {
      Square from = pop_lsb(held);
      sink.targets(from, attacks(from) & target_mask & line_bb(ksq, from));
    }
  };
  if (types & type_bit(Bishop))
    slider_moves(pos.pieces(Us, Bishop), [occ](Square s) { return bishop_attacks(s, occ); });
  if (types & type_bit(Rook)) slider_moves(pos.pieces(Us, Rook), [occ](Square s) { return rook_attacks(s, occ); });
  if (types & type_bit(Queen))
    slider_moves(pos.pieces(Us, Queen), [occ](Square s) { return bishop_attacks(s, occ) | rook_attacks(s, occ); });

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

  // Castling: never out of, through or into check; the squares to be empty and safe are
  // the rule of castling.hpp.
  if ((types & type_bit(King)) && !checkers) {
    std::uint8_t rights = pos.castling_rights() & (Us == White ? 0b0011 : 0b1100);
    while (rights) {
      const int i = std::countr_zero(rights);
      rights &= std::uint8_t(rights - 1);
      const Square rook = pos.castling_rook(Us, CastlingSide(i & 1));
      // The squares between king and rook must be empty in any case: most positions
      // that still hold a right fail this first, cheap test.
      if (between_bb(ksq, rook) & occ) continue;
      const CastlingPath path = castling_path(Us, CastlingSide(i & 1), ksq, rook);
      if (occ & path.must_be_empty) continue;
      const Bitboard lifted = occ ^ path.movers;
      Bitboard king_path = path.king_path;
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

}  // namespace chesstool::CHESSTOOL_KERNEL_NS
