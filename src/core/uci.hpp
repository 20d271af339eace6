// SPDX-License-Identifier: MIT
// UCI coordinate moves (e2e4, e7e8q, castling in both conventions) and long algebraic notation.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/move.hpp"
#include "core/position.hpp"

namespace chesstool {

// The legal move a UCI string names, or nullopt (malformed text or not legal in pos).
// Accepts "e2e4", "e7e8q" (promotion letter in either case), castling as king-takes-own-
// rook ("e1h1", the Chess960 convention) in any position, and as the king's destination
// ("e1g1") when no plain king move goes there. "0000" is Move::null() unless the side to
// move is in check.
std::optional<Move> parse_uci(const Position& pos, std::string_view text);

// UCI text of a legal move: castling as king-to-destination ("e1g1") in standard chess and
// king-takes-rook ("e1h1") when pos.is_chess960(); promotions lower case ("e7e8q");
// Move::null() is "0000".
std::string to_uci(const Position& pos, Move m);

// Long algebraic notation: piece letter (none for pawns), from-square, '-' or 'x',
// to-square, "=Q" promotions, then '+' or '#' ("Ng1-f3", "e7xd8=Q+", "e5xd6" en passant).
// Castling is O-O / O-O-O; Move::null() is "--".
std::string to_lan(const Position& pos, Move m);

}  // namespace chesstool
