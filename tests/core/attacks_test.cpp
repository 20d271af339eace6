// SPDX-License-Identifier: MIT
// The attack tables against attacks walked square by square: leapers, every slider on
// random occupancies (magic and PEXT tables alike), and the between/line masks.
#include "core/attacks.hpp"

#include <gtest/gtest.h>

#include <random>
#include <utility>


namespace chesstool {
namespace {

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// The squares reached from s by steps (df, dr), sliding until a piece of occ when slide.
Bitboard walk(Square s, std::initializer_list<std::pair<int, int>> steps, Bitboard occ, bool slide) {
  Bitboard out = 0;
  for (auto [df, dr] : steps) {
    int f = file_of(s) + df, r = rank_of(s) + dr;
    while (on_board(f, r)) {
      out |= square_bb(make_square(f, r));
      if (!slide || (occ & square_bb(make_square(f, r)))) break;
      f += df;
      r += dr;
    }
  }
  return out;
}
Bitboard rook_walk(Square s, Bitboard occ) { return walk(s, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, occ, true); }
Bitboard bishop_walk(Square s, Bitboard occ) { return walk(s, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}, occ, true); }

TEST(Attacks, LeapersMatchTheirMoves) {
  for (Square s = 0; s < 64; ++s) {
    EXPECT_EQ(knight_attacks(s), walk(s, {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}, 0, false))
        << square_name(s);
    EXPECT_EQ(king_attacks(s), walk(s, {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}, 0, false))
        << square_name(s);
    EXPECT_EQ(pawn_attacks(White, s), walk(s, {{1, 1}, {-1, 1}}, 0, false)) << square_name(s);
    EXPECT_EQ(pawn_attacks(Black, s), walk(s, {{1, -1}, {-1, -1}}, 0, false)) << square_name(s);
  }
  EXPECT_EQ(popcount(knight_attacks(0)), 2);   // a1
  EXPECT_EQ(popcount(king_attacks(27)), 8);    // d4
}

TEST(Attacks, SlidersStopAtTheFirstPieceOnRandomOccupancies) {
  std::mt19937_64 rng(20261201);
  for (Square s = 0; s < 64; ++s) {
    EXPECT_EQ(rook_pseudo_attacks(s), rook_walk(s, 0));
    EXPECT_EQ(bishop_pseudo_attacks(s), bishop_walk(s, 0));
    for (int i = 0; i < 200; ++i) {
      const Bitboard occ = rng() & rng();  // about a quarter of the squares
      ASSERT_EQ(rook_attacks(s, occ), rook_walk(s, occ)) << square_name(s) << " " << occ;
      ASSERT_EQ(bishop_attacks(s, occ), bishop_walk(s, occ)) << square_name(s) << " " << occ;
      ASSERT_EQ(queen_attacks(s, occ), rook_walk(s, occ) | bishop_walk(s, occ));
      ASSERT_EQ(piece_attacks(Knight, s, occ), knight_attacks(s));
      ASSERT_EQ(piece_attacks(Rook, s, occ), rook_attacks(s, occ));
    }
  }
}

TEST(Attacks, PextTablesAgreeWithTheMagicOnes) {
  detail::build_pext_tables();
  std::mt19937_64 rng(7);
  for (Square s = 0; s < 64; ++s) {
    ASSERT_EQ(detail::g_rook_pext[s].mask, detail::g_rook_magics[s].mask);
    ASSERT_EQ(detail::g_bishop_pext[s].mask, detail::g_bishop_magics[s].mask);
    for (int i = 0; i < 50; ++i) {
      const Bitboard occ = rng() & rng();
      // pext(occ, mask) by hand: the mask's bits in order, packed from bit 0.
      auto pext = [](Bitboard v, Bitboard mask) {
        Bitboard out = 0;
        for (int bit = 0; mask; ++bit, mask &= mask - 1)
          if (v & (mask & -mask)) out |= Bitboard(1) << bit;
        return out;
      };
      ASSERT_EQ(detail::g_rook_pext[s].attacks[pext(occ, detail::g_rook_pext[s].mask)], rook_walk(s, occ));
      ASSERT_EQ(detail::g_bishop_pext[s].attacks[pext(occ, detail::g_bishop_pext[s].mask)], bishop_walk(s, occ));
    }
  }
}

TEST(Attacks, BetweenAndLineMasks) {
  const Square a1 = 0, h8 = 63, d4 = 27, d8 = 59, e6 = 44;
  EXPECT_EQ(between_bb(a1, h8), bishop_walk(a1, square_bb(h8)) & bishop_walk(h8, square_bb(a1)));
  EXPECT_EQ(popcount(between_bb(a1, h8)), 6);
  EXPECT_EQ(between_bb(d4, d8), rook_walk(d4, square_bb(d8)) & rook_walk(d8, square_bb(d4)));
  EXPECT_EQ(between_bb(d4, e6), 0u);  // not on a line
  EXPECT_EQ(line_bb(d4, e6), 0u);
  EXPECT_EQ(line_bb(d4, d8), file_bb(3));
  EXPECT_EQ(line_bb(a1, h8) & square_bb(d4), square_bb(d4));
  // Every pair against the geometry: a and b share a rank, a file or a diagonal; the line
  // is every square sharing it, and between are those strictly inside both coordinates.
  auto same_line = [](Square x, Square y, int kind) {
    const int fx = file_of(x), rx = rank_of(x), fy = file_of(y), ry = rank_of(y);
    switch (kind) {
      case 0: return rx == ry;
      case 1: return fx == fy;
      case 2: return fx - rx == fy - ry;
      default: return fx + rx == fy + ry;
    }
  };
  auto strictly_inside = [](int v, int p, int q) { return (p < v && v < q) || (q < v && v < p) || (v == p && v == q); };
  int aligned = 0;
  for (Square a = 0; a < 64; ++a)
    for (Square b = 0; b < 64; ++b) {
      Bitboard want_line = 0, want_between = 0;
      for (int kind = 0; kind < 4 && a != b; ++kind) {
        if (!same_line(a, b, kind)) continue;
        ++aligned;
        for (Square c = 0; c < 64; ++c) {
          if (!same_line(a, c, kind)) continue;
          want_line |= square_bb(c);
          if (c != a && c != b && strictly_inside(file_of(c), file_of(a), file_of(b)) &&
              strictly_inside(rank_of(c), rank_of(a), rank_of(b)))
            want_between |= square_bb(c);
        }
      }
      ASSERT_EQ(line_bb(a, b), want_line) << square_name(a) << " " << square_name(b);
      ASSERT_EQ(between_bb(a, b), want_between) << square_name(a) << " " << square_name(b);
      ASSERT_EQ(between_bb(a, b), between_bb(b, a));
      ASSERT_EQ(between_bb(a, b) & (square_bb(a) | square_bb(b)), 0u);
      if (line_bb(a, b)) {
        ASSERT_EQ(between_bb(a, b) & ~line_bb(a, b), 0u);
      }
    }
  EXPECT_EQ(aligned, 64 * 14 + 560);  // ordered pairs: 14 on a rook's lines, 560 on diagonals
}

TEST(Attacks, PawnShifts) {
  const Bitboard e2 = square_bb(12), a2 = square_bb(8), h7 = square_bb(55);
  EXPECT_EQ(pawn_push<White>(e2), square_bb(20));
  EXPECT_EQ(pawn_push<Black>(h7), square_bb(47));
  EXPECT_EQ(pawn_capture_west<White>(a2), 0u);  // off the board, not wrapped to the h-file
  EXPECT_EQ(pawn_capture_east<White>(a2), square_bb(17));
  EXPECT_EQ(pawn_capture_east<Black>(h7), 0u);
  EXPECT_EQ(pawn_capture_west<Black>(h7), square_bb(46));
}

}  // namespace
}  // namespace chesstool
