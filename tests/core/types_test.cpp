// SPDX-License-Identifier: MIT
// Squares, pieces and bitboard helpers: the text forms and the arithmetic every layer uses.
#include "core/types.hpp"

#include <gtest/gtest.h>

namespace chesstool {
namespace {

TEST(Types, SquareNamesAndCoordinates) {
  EXPECT_EQ(square_name(0), "a1");
  EXPECT_EQ(square_name(63), "h8");
  EXPECT_EQ(square_name(make_square(4, 3)), "e4");
  EXPECT_EQ(square_name(-1), "-");
  EXPECT_EQ(square_name(64), "-");
  for (Square s = 0; s < 64; ++s) {
    EXPECT_EQ(make_square(file_of(s), rank_of(s)), s);
    EXPECT_EQ(relative_square(Black, relative_square(Black, s)), s);
    EXPECT_EQ(relative_rank(White, s), rank_of(s));
    EXPECT_EQ(relative_rank(Black, s), 7 - rank_of(s));
    EXPECT_EQ(square_bb(s) & file_bb(file_of(s)) & rank_bb(rank_of(s)), square_bb(s));
  }
  EXPECT_EQ(relative_square(Black, make_square(4, 0)), make_square(4, 7));  // e1 -> e8
}

TEST(Types, PiecesRoundTripThroughTheirLetters) {
  for (Color c : {White, Black})
    for (PieceType t : {Pawn, Knight, Bishop, Rook, Queen, King}) {
      const Piece p = make_piece(c, t);
      EXPECT_EQ(type_of(p), t);
      EXPECT_EQ(color_of(p), c);
      const char letter = piece_char(p);
      EXPECT_EQ(piece_type_from_char(letter), t);
      EXPECT_EQ(letter >= 'a', c == Black) << letter;
      EXPECT_EQ(piece_type_char(t), c == White ? letter : char(letter - 'a' + 'A'));
    }
  EXPECT_EQ(piece_char(NoPiece), '.');
  EXPECT_EQ(piece_char(make_piece(Black, Knight)), 'n');
  EXPECT_EQ(piece_type_from_char('x'), NoPieceType);
  EXPECT_EQ(~White, Black);
  EXPECT_EQ(~Black, White);
}

TEST(Types, BitboardArithmetic) {
  Bitboard b = square_bb(3) | square_bb(40) | square_bb(63);
  EXPECT_EQ(popcount(b), 3);
  EXPECT_TRUE(more_than_one(b));
  EXPECT_FALSE(more_than_one(square_bb(9)));
  EXPECT_FALSE(more_than_one(0));
  EXPECT_EQ(lsb(b), 3);
  EXPECT_EQ(pop_lsb(b), 3);
  EXPECT_EQ(pop_lsb(b), 40);
  EXPECT_EQ(b, square_bb(63));
  EXPECT_EQ(popcount(file_bb(0)), 8);
  EXPECT_EQ(file_bb(0), kFileA);
  EXPECT_EQ(rank_bb(0), kRank1);
  EXPECT_EQ(rank_bb(7) & file_bb(7), square_bb(63));
}

}  // namespace
}  // namespace chesstool
