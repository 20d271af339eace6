// SPDX-License-Identifier: MIT
// Text forms of squares and pieces.
#include "core/types.hpp"

namespace chesstool {

std::string square_name(Square s) {
  if (s < 0 || s >= 64) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

char piece_type_char(PieceType t) {
  constexpr const char* kLetters = ".PNBRQK";
  return t <= King ? kLetters[t] : '?';
}

char piece_char(Piece p) {
  if (p == NoPiece) return '.';
  char c = piece_type_char(type_of(p));
  return color_of(p) == White ? c : char(c - 'A' + 'a');
}

PieceType piece_type_from_char(char c) {
  switch (c) {
    case 'P': case 'p': return Pawn;
    case 'N': case 'n': return Knight;
    case 'B': case 'b': return Bishop;
    case 'R': case 'r': return Rook;
    case 'Q': case 'q': return Queen;
    case 'K': case 'k': return King;
    default: return NoPieceType;
  }
}

}  // namespace chesstool
