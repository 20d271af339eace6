// SPDX-License-Identifier: MIT
// Strictly legal move generation: pins, checks, castling (standard and Chess960), en passant.
#pragma once

#include <cstdint>

#include "core/move.hpp"
#include "core/position.hpp"

namespace chesstool {

// Appends every legal move of pos to list (which it clears first).
void generate_legal(const Position& pos, MoveList& list);
// Number of legal moves, counted without building a list (perft's last ply).
std::uint64_t count_legal(const Position& pos);
// count_legal(pos) != 0, most often without generating anything: a king step to a square
// no enemy piece attacks is legal, whatever else stands (mate, stalemate, game ends).
bool has_legal_move(const Position& pos);
// Legal moves of pos whose moving piece has type pt and that land on `to`; castling
// counts as a king move to the king's destination square. Used to resolve SAN.
void generate_legal_to(const Position& pos, PieceType pt, Square to, MoveList& list);
// The SAN fast path's question: the one legal move of piece type pt to `to` that is
// neither castling nor a promotion, from the file from_file and the rank from_rank when
// they are >= 0 (a pawn without a file moves straight; a pawn with a rank is left to the
// full rules). Move() when there is none, more than one, or a castling that lands there
// too: the caller then takes the full SAN rules.
Move unique_plain_move(const Position& pos, PieceType pt, Square to, int from_file, int from_rank = -1);
// Whether the side to move may castle on `side` now (the right, the empty squares, and no
// check on the king's way: castling.hpp), without listing moves: SAN's question for O-O.
bool castling_is_legal(const Position& pos, CastlingSide side);
// True when m is one of pos's legal moves.
bool is_legal(const Position& pos, Move m);
// Square the king lands on for a castling move (g- or c-file of its back rank).
Square castling_king_destination(const Position& pos, Move m);

}  // namespace chesstool
