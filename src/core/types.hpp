// SPDX-License-Identifier: MIT
// Basic value types of the rules engine: colours, pieces, squares and bitboards.
#pragma once

#include <bit>
#include <cstdint>
#include <string>

namespace chesstool {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Piece types are numbered so that 0 is "none" and sliders sit together.
enum PieceType : std::uint8_t { NoPieceType = 0, Pawn = 1, Knight, Bishop, Rook, Queen, King };

// Piece = color << 3 | type; 0 is the empty square.
enum Piece : std::uint8_t { NoPiece = 0 };
constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares: a1 = 0, b1 = 1, ..., h8 = 63. kNoSquare = 64.
using Square = int;
constexpr Square kNoSquare = 64;
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
// Rank seen from c's side: rank 0 is c's back rank.
constexpr int relative_rank(Color c, Square s) { return c == White ? rank_of(s) : 7 - rank_of(s); }
constexpr Square relative_square(Color c, Square s) { return c == White ? s : s ^ 56; }

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard file_bb(int f) { return kFileA << f; }
constexpr Bitboard rank_bb(int r) { return kRank1 << (8 * r); }
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return std::countr_zero(b); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Algebraic names ("e4") and letters ('N', 'n').
std::string square_name(Square s);
char piece_char(Piece p);         // 'P','N',..,'k'; '.' for none
char piece_type_char(PieceType t);  // 'P','N','B','R','Q','K'
// Returns NoPieceType for an unknown letter; accepts upper or lower case.
PieceType piece_type_from_char(char c);

}  // namespace chesstool
