// SPDX-License-Identifier: MIT
// Dead positions beyond bare material (FIDE 5.2.2) and "can this side ever mate" (6.9),
// proved by a locked-pawn invariant: a sound test that may miss a dead position but
// never calls a live one dead.
#pragma once

#include <cstddef>

#include "core/attacks.hpp"
#include "core/position.hpp"
#include "core/types.hpp"

namespace chesstool {

// What the locked-pawn analysis proved about a position. When `locked` is false nothing
// was proved; when it is true, no pawn can ever move or be captured (whatever either
// player does), and may_check[c] is false only when side c can never give check, so never
// mate, by any series of legal moves.
// `transient` marks a failure that the next move may undo although it is neither a capture
// nor a pawn move (an en passant right that lapses, a pawn check the king steps out of):
// a caller that runs the analysis only after captures and pawn moves runs it once more
// after the next move.
struct LockedAnalysis {
  bool locked = false;
  bool may_check[2] = {true, true};
  bool transient = false;
};

// The analysis's first and cheapest test, inline for the replay loop: there are pawns,
// and every one has a pawn (of either colour) on the square in front of it. False for
// nearly every position of a real game; when false, analyse_locked_position proves nothing.
inline bool pawns_all_blocked(const Position& pos) {
  const Bitboard pawns = pos.pieces(Pawn);
  return pawns && !((pawn_push<White>(pos.pieces(White, Pawn)) | pawn_push<Black>(pos.pieces(Black, Pawn))) & ~pawns);
}

// Runs the locked-pawn analysis (dead_position.cpp explains the proof). Cheap when it
// fails: most positions have a pawn that can advance and are rejected in a few bit
// operations.
LockedAnalysis analyse_locked_position(const Position& pos);

// The exhaustive search of every position reachable from `start` by legal moves, stopped
// once a mate by each side in `wanted` is found or after `limit` positions. Only a
// complete search proves: complete and !mate_by[c] means c can never mate. Meant for
// locked positions, whose reachable set is small; anything else soon hits the limit.
struct ClosedSearch {
  bool complete = false;
  bool mate_by[2] = {false, false};
  std::size_t states = 0;  // positions visited, when complete
};
ClosedSearch search_for_mates(const Position& start, const bool wanted[2], std::size_t limit);
// The bound the verdicts below use (positions; each costs about 150 bytes and a move
// generation).
inline constexpr std::size_t kClosedSearchLimit = 20000;

// Dead by FIDE 5.2.2 in a way insufficient material (outcome.hpp) does not cover: the
// pawns are locked for good and neither side can ever give check, or can give check but
// an exhaustive search of the closed set of reachable positions finds no mate. Sound:
// true only when proved. The caller tests mate and stalemate on the board first.
bool is_dead_position(const Position& pos);

// False only when it is proved that `side` cannot checkmate by any series of legal moves
// (FIDE 6.9: a flag fall of the other side is then a draw): bare material (a bare king;
// a single minor piece against a bare king; insufficient material on the board) or, with
// the pawns locked, that side can never give check or a complete search finds no mate by
// it. True otherwise, including whenever nothing could be proved.
bool can_ever_checkmate(const Position& pos, Color side);

}  // namespace chesstool
