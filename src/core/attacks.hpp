// SPDX-License-Identifier: MIT
// Attack tables: leaper attacks, magic-bitboard slider attacks, and between/line masks.
#pragma once

#include "core/types.hpp"

namespace chesstool {

namespace detail {
// One fancy-magic entry: index = ((occ & mask) * magic) >> shift.
struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;
  Bitboard lookup(Bitboard occ) const { return attacks[((occ & mask) * magic) >> shift]; }
};
// Filled once during static initialisation of attacks.cpp (before main); nothing else
// in the program uses them during static initialisation.
extern Magic g_rook_magics[64];
extern Magic g_bishop_magics[64];
extern Bitboard g_pawn_attacks[2][64];
extern Bitboard g_knight_attacks[64];
extern Bitboard g_king_attacks[64];
extern Bitboard g_between[64][64];
extern Bitboard g_bishop_pseudo[64];
extern Bitboard g_rook_pseudo[64];
extern Bitboard g_line[64][64];

// One PEXT entry (the pext perft path): index = pext(occ, mask), the mask being the
// magic one. Empty until build_pext_tables() has run.
struct PextEntry {
  Bitboard mask;
  const Bitboard* attacks;
};
extern PextEntry g_rook_pext[64];
extern PextEntry g_bishop_pext[64];
// Fills the PEXT tables from the magic ones, on the first call only (thread-safe).
// Called before the PEXT path's first lookup, so other runs never touch their 840 KB.
void build_pext_tables();
}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) { return detail::g_pawn_attacks[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::g_knight_attacks[s]; }
inline Bitboard king_attacks(Square s) { return detail::g_king_attacks[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occ) { return detail::g_bishop_magics[s].lookup(occ); }
inline Bitboard rook_attacks(Square s, Bitboard occ) { return detail::g_rook_magics[s].lookup(occ); }
inline Bitboard queen_attacks(Square s, Bitboard occ) { return bishop_attacks(s, occ) | rook_attacks(s, occ); }
// Slider attacks on an empty board: a cheap filter before a magic lookup (1 KB each,
// so it stays in cache where the magic tables often do not).
inline Bitboard bishop_pseudo_attacks(Square s) { return detail::g_bishop_pseudo[s]; }
inline Bitboard rook_pseudo_attacks(Square s) { return detail::g_rook_pseudo[s]; }
// Squares strictly between a and b when they share a line, else 0.
inline Bitboard between_bb(Square a, Square b) { return detail::g_between[a][b]; }
// The whole line (edge to edge) through a and b, or 0 when they share none.
inline Bitboard line_bb(Square a, Square b) { return detail::g_line[a][b]; }

// Whether one of `sliders`, each on a line with s that it moves along, reaches s with
// nothing of occ between: by the squares between (a 32 KB table that stays in cache)
// rather than the magic lookups (850 KB, seldom in cache while games are replayed).
// The replayer's tests ask about zero, one or two such sliders.
inline bool any_slider_reaches(Square s, Bitboard sliders, Bitboard occ) {
  while (sliders) {
    const Square from = __builtin_ctzll(sliders);
    sliders &= sliders - 1;
    if (!(between_bb(s, from) & occ)) return true;
  }
  return false;
}

// Attacks of a piece type (not pawns) from s with the given occupancy.
inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occ) {
  switch (t) {
    case Knight: return knight_attacks(s);
    case Bishop: return bishop_attacks(s, occ);
    case Rook: return rook_attacks(s, occ);
    case Queen: return queen_attacks(s, occ);
    case King: return king_attacks(s);
    default: return 0;
  }
}

// Pawn pushes and captures by whole bitboards.
template <Color C>
constexpr Bitboard pawn_push(Bitboard b) { return C == White ? b << 8 : b >> 8; }
template <Color C>
constexpr Bitboard pawn_capture_west(Bitboard b) {  // towards the a-file
  return C == White ? (b & ~kFileA) << 7 : (b & ~kFileA) >> 9;
}
template <Color C>
constexpr Bitboard pawn_capture_east(Bitboard b) {  // towards the h-file
  return C == White ? (b & ~file_bb(7)) << 9 : (b & ~file_bb(7)) >> 7;
}

}  // namespace chesstool
