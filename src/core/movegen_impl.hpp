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

// What every part of the generator needs to know about the position, computed once. The
// parts below are always inlined into generate(), so splitting it costs nothing: perft
// of Kiwipete to depth 5 on one thread took 0.35 s of CPU before and after.
// P is Position, or any type with its board queries (pieces, occupied, king_square,
// ep_square, castling_rights, castling_rook): perft counts leaves from a lighter one.
template <Color Us, class P = Position>
struct GenState {
  static constexpr Color Them = ~Us;
  static constexpr int Up = Us == White ? 8 : -8;
  static constexpr Bitboard kRank3 = rank_bb(Us == White ? 2 : 5);
  static constexpr Bitboard kLastRank = rank_bb(Us == White ? 7 : 0);

  const P& pos;
  Bitboard occ, us, them;
  Square ksq;
  Bitboard their_diag, their_orth;
  Bitboard diag_snipers, orth_snipers;  // enemy sliders on the king's lines, board empty
  Bitboard checkers;
  Bitboard pinned = 0;
  Bitboard check_mask = ~Bitboard(0);  // where a non-king move must land when in check
  Bitboard target_mask = 0;            // not our own piece, and within check_mask

  [[gnu::always_inline]] explicit GenState(const P& p)
      : pos(p), occ(p.occupied()), us(p.pieces(Us)), them(p.pieces(Them)), ksq(p.king_square(Us)),
        their_diag(p.pieces(Them, Bishop) | p.pieces(Them, Queen)),
        their_orth(p.pieces(Them, Rook) | p.pieces(Them, Queen)) {
    // Usually none or one sniper, so the lookups for slider checks are skipped when there
    // is nothing to find.
    diag_snipers = bishop_pseudo_attacks(ksq) & their_diag;
    orth_snipers = rook_pseudo_attacks(ksq) & their_orth;
    checkers = (pawn_attacks(Us, ksq) & p.pieces(Them, Pawn)) | (knight_attacks(ksq) & p.pieces(Them, Knight));
    if (diag_snipers) checkers |= bishop_attacks(ksq, occ) & diag_snipers;
    if (orth_snipers) checkers |= rook_attacks(ksq, occ) & orth_snipers;
  }

  // Is square s attacked by a pawn, knight or slider of theirs, with `occupied` as the board?
  [[gnu::always_inline]] bool attacked_by_them(Square s, Bitboard occupied) const {
    return (pawn_attacks(Us, s) & pos.pieces(Them, Pawn)) || (knight_attacks(s) & pos.pieces(Them, Knight)) ||
           (bishop_attacks(s, occupied) & their_diag) || (rook_attacks(s, occupied) & their_orth);
  }

  // Pinned pieces: our single piece between the king and an enemy slider. The snipers
  // are few, so they are tested one by one instead of with two lookups.
  [[gnu::always_inline]] void find_pins_and_masks() {
    if (checkers) check_mask = between_bb(ksq, lsb(checkers)) | checkers;
    for (Bitboard snipers = diag_snipers | orth_snipers; snipers;) {
      Square s = pop_lsb(snipers);
      Bitboard b = between_bb(ksq, s) & occ;
      if (b && !more_than_one(b) && (b & us)) pinned |= b;
    }
    target_mask = ~us & check_mask;
  }
};

// King moves: each target is tested with the king lifted off the board, so that it cannot
// hide behind itself from a slider. The enemy king's zone is never safe.
template <Color Us, class P, class Sink>
[[gnu::always_inline]] inline void king_moves(const GenState<Us, P>& g, Sink& sink) {
  Bitboard targets = king_attacks(g.ksq) & ~g.us & ~king_attacks(g.pos.king_square(~Us));
  const Bitboard occ_no_king = g.occ ^ square_bb(g.ksq);
  Bitboard safe = 0;
  while (targets) {
    Square t = pop_lsb(targets);
    if (!g.attacked_by_them(t, occ_no_king)) safe |= square_bb(t);
  }
  sink.targets(g.ksq, safe);
}

// Knights and sliders. A pinned knight can never move; a pinned slider stays on the line
// through its king and the pinner. Pins are rare, so the pinned ones get a loop of their own.
template <Color Us, class P, class Sink>
[[gnu::always_inline]] inline void piece_moves(const GenState<Us, P>& g, Sink& sink, unsigned types) {
  if (types & type_bit(Knight)) {
    for (Bitboard knights = g.pos.pieces(Us, Knight) & ~g.pinned; knights;) {
      Square from = pop_lsb(knights);
      sink.targets(from, knight_attacks(from) & g.target_mask);
    }
  }
  auto slider_moves = [&](Bitboard pieces, auto attacks) {
    for (Bitboard free = pieces & ~g.pinned; free;) {
      Square from = pop_lsb(free);
      sink.targets(from, attacks(from) & g.target_mask);
    }
    for (Bitboard held = pieces & g.pinned; held;) {
      Square from = pop_lsb(held);
      sink.targets(from, attacks(from) & g.target_mask & line_bb(g.ksq, from));
    }
  };
  const Bitboard occ = g.occ;
  if (types & type_bit(Bishop))
    slider_moves(g.pos.pieces(Us, Bishop), [occ](Square s) { return bishop_attacks(s, occ); });
  if (types & type_bit(Rook)) slider_moves(g.pos.pieces(Us, Rook), [occ](Square s) { return rook_attacks(s, occ); });
  if (types & type_bit(Queen))
    slider_moves(g.pos.pieces(Us, Queen), [occ](Square s) { return bishop_attacks(s, occ) | rook_attacks(s, occ); });
}

// Pushes and captures of the pawns that are not pinned, set-wise.
template <Color Us, class P, class Sink>
[[gnu::always_inline]] inline void free_pawn_moves(const GenState<Us, P>& g, Sink& sink) {
  using G = GenState<Us, P>;
  const Bitboard free_pawns = g.pos.pieces(Us, Pawn) & ~g.pinned;
  const Bitboard empty = ~g.occ;
  Bitboard push1 = pawn_push<Us>(free_pawns) & empty;
  const Bitboard push2 = pawn_push<Us>(push1 & G::kRank3) & empty & g.check_mask;
  push1 &= g.check_mask;
  const Bitboard cap_w = pawn_capture_west<Us>(free_pawns) & g.them & g.check_mask;
  const Bitboard cap_e = pawn_capture_east<Us>(free_pawns) & g.them & g.check_mask;
  constexpr int West = Us == White ? 7 : -9;
  constexpr int East = Us == White ? 9 : -7;
  sink.pawn_targets(push1 & ~G::kLastRank, G::Up);
  sink.pawn_promotions(push1 & G::kLastRank, G::Up);
  sink.pawn_targets(push2, 2 * G::Up);
  sink.pawn_targets(cap_w & ~G::kLastRank, West);
  sink.pawn_promotions(cap_w & G::kLastRank, West);
  sink.pawn_targets(cap_e & ~G::kLastRank, East);
  sink.pawn_promotions(cap_e & G::kLastRank, East);
}

// Pawns pinned along a file may still push; pinned along a diagonal may capture the
// pinner. Both are handled by restricting each pawn to its pin line.
template <Color Us, class P, class Sink>
[[gnu::always_inline]] inline void pinned_pawn_moves(const GenState<Us, P>& g, Sink& sink) {
  using G = GenState<Us, P>;
  const Bitboard empty = ~g.occ;
  for (Bitboard pinned_pawns = g.pos.pieces(Us, Pawn) & g.pinned; pinned_pawns;) {
    Square from = pop_lsb(pinned_pawns);
    const Bitboard b = square_bb(from);
    Bitboard p1 = pawn_push<Us>(b) & empty;
    Bitboard p2 = pawn_push<Us>(p1 & G::kRank3) & empty;
    Bitboard caps = pawn_attacks(Us, from) & g.them;
    Bitboard t = (p1 | p2 | caps) & line_bb(g.ksq, from) & g.check_mask;
    for (Bitboard promo = t & G::kLastRank; promo;) {
      Square to = pop_lsb(promo);
      for (PieceType p : {Queen, Rook, Bishop, Knight}) sink.special(Move(from, to, Move::Promotion, p));
    }
    sink.targets(from, t & ~G::kLastRank);
  }
}

// En passant: the position keeps ep only when some capture is legal, but each capturer
// is checked again (the horizontal pin of both pawns, checks, pins).
template <Color Us, class P, class Sink>
[[gnu::always_inline]] inline void en_passant_moves(const GenState<Us, P>& g, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square ep = g.pos.ep_square();
  if (ep == kNoSquare) return;
  const Square captured = ep - GenState<Us, P>::Up;
  const Bitboard their_sliders = g.pos.pieces(Them, Bishop) | g.pos.pieces(Them, Rook) | g.pos.pieces(Them, Queen);
  for (Bitboard capturers = pawn_attacks(Them, ep) & g.pos.pieces(Us, Pawn); capturers;) {
    Square from = pop_lsb(capturers);
    Bitboard after = (g.occ ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
    if (g.checkers & ~square_bb(captured) & ~their_sliders) continue;  // a knight or pawn check it leaves
    if ((bishop_attacks(g.ksq, after) & g.their_diag) || (rook_attacks(g.ksq, after) & g.their_orth)) continue;
    sink.special(Move(from, ep, Move::EnPassant));
  }
}

// Castling: never out of, through or into check; the squares to be empty and safe are
// the rule of castling.hpp.
template <Color Us, class P, class Sink>
[[gnu::always_inline]] inline void castling_moves(const GenState<Us, P>& g, Sink& sink) {
  std::uint8_t rights = g.pos.castling_rights() & (Us == White ? 0b0011 : 0b1100);
  while (rights) {
    const int i = std::countr_zero(rights);
    rights &= std::uint8_t(rights - 1);
    const Square rook = g.pos.castling_rook(Us, CastlingSide(i & 1));
    // The squares between king and rook must be empty in any case: most positions that
    // still hold a right fail this first, cheap test.
    if (between_bb(g.ksq, rook) & g.occ) continue;
    const CastlingPath path = castling_path(Us, CastlingSide(i & 1), g.ksq, rook);
    if (g.occ & path.must_be_empty) continue;
    const Bitboard lifted = g.occ ^ path.movers;
    bool safe = true;
    for (Bitboard king_path = path.king_path; king_path && safe;) {
      Square s = pop_lsb(king_path);
      if (g.attacked_by_them(s, lifted) || (king_attacks(s) & g.pos.pieces(~Us, King))) safe = false;
    }
    if (safe) sink.special(Move(g.ksq, rook, Move::Castling));
  }
}

template <Color Us, class Sink, class P>
[[gnu::always_inline]] inline void generate(const P& pos, Sink& sink, unsigned types) {
  GenState<Us, P> g(pos);
  if (types & type_bit(King)) king_moves(g, sink);
  if (more_than_one(g.checkers)) return;  // double check: only the king may move
  g.find_pins_and_masks();
  piece_moves(g, sink, types);
  if (types & type_bit(Pawn)) {
    free_pawn_moves(g, sink);
    pinned_pawn_moves(g, sink);
    en_passant_moves(g, sink);
  }
  if ((types & type_bit(King)) && !g.checkers) castling_moves(g, sink);
}

template <class Sink>
void generate_for_side(const Position& pos, Sink& sink, unsigned types) {
  if (pos.side_to_move() == White)
    generate<White>(pos, sink, types);
  else
    generate<Black>(pos, sink, types);
}

}  // namespace chesstool::CHESSTOOL_KERNEL_NS
