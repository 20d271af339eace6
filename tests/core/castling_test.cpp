// SPDX-License-Identifier: MIT
// The castling-path rule: the squares that must be empty and safe, for the standard
// start and for Chess960 set-ups where king and rook cross or stand still.
#include "core/castling.hpp"

#include <gtest/gtest.h>

namespace chesstool {
namespace {

Square sq(const char* name) { return make_square(name[0] - 'a', name[1] - '1'); }
Bitboard squares(std::initializer_list<const char*> names) {
  Bitboard b = 0;
  for (const char* n : names) b |= square_bb(sq(n));
  return b;
}

TEST(CastlingPath, StandardKingAndQueenSide) {
  CastlingPath k = castling_path(White, KingSide, sq("e1"), sq("h1"));
  EXPECT_EQ(k.king_to, sq("g1"));
  EXPECT_EQ(k.movers, squares({"e1", "h1"}));
  EXPECT_EQ(k.must_be_empty, squares({"f1", "g1"}));
  EXPECT_EQ(k.king_path, squares({"f1", "g1"}));

  // Queen side: b1 must be empty (the rook crosses it) but need not be safe.
  CastlingPath q = castling_path(Black, QueenSide, sq("e8"), sq("a8"));
  EXPECT_EQ(q.king_to, sq("c8"));
  EXPECT_EQ(q.must_be_empty, squares({"b8", "c8", "d8"}));
  EXPECT_EQ(q.king_path, squares({"d8", "c8"}));
}

TEST(CastlingPath, Chess960KingAndRookMayCrossOrStay) {
  // King b1, rook a1, queen side: the king goes to c1 over nothing, the rook to d1 over
  // b1 (the king's own square, lifted) and c1.
  CastlingPath a = castling_path(White, QueenSide, sq("b1"), sq("a1"));
  EXPECT_EQ(a.king_to, sq("c1"));
  EXPECT_EQ(a.must_be_empty, squares({"c1", "d1"}));
  EXPECT_EQ(a.king_path, squares({"c1"}));
  // King g1, rook h1, king side: the king stays on g1, only f1 must be empty; g1 must be safe.
  CastlingPath g = castling_path(White, KingSide, sq("g1"), sq("h1"));
  EXPECT_EQ(g.king_to, sq("g1"));
  EXPECT_EQ(g.must_be_empty, squares({"f1"}));
  EXPECT_EQ(g.king_path, squares({"g1"}));
  // King f8, rook g8 (king side): they swap over each other; nothing else must be empty.
  CastlingPath s = castling_path(Black, KingSide, sq("f8"), sq("g8"));
  EXPECT_EQ(s.king_to, sq("g8"));
  EXPECT_EQ(s.must_be_empty, 0u);
  EXPECT_EQ(s.king_path, squares({"g8"}));
  // King b1, rook c1, queen side: the rook goes to d1, the king to c1 (where the rook was).
  CastlingPath c = castling_path(White, QueenSide, sq("b1"), sq("c1"));
  EXPECT_EQ(c.must_be_empty, squares({"d1"}));
  EXPECT_EQ(c.king_path, squares({"c1"}));
}

}  // namespace
}  // namespace chesstool
