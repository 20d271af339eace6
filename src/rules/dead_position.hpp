// SPDX-License-Identifier: MIT
// Dead positions beyond bare material (FIDE 5.2.2) and "can this side ever mate" (6.9),
// proved by a locked-pawn invariant: a sound test that may miss a dead position but
// never calls a live one dead.
#pragma once

#include "core/position.hpp"
#include "core/types.hpp"

namespace chesstool {

// What the locked-pawn analysis proved about a position. When `locked` is false nothing
// was proved and both sides count as able to mate; when it is true, no pawn can ever move
// or be captured (whatever either player does), and can_mate[c] is false only when side
// c can never give check, so never mate, by any series of legal moves.
// `transient` marks a failure that the next move may undo although it is neither a capture
// nor a pawn move (an en passant right that lapses, a pawn check the king steps out of):
// a caller that runs the analysis only after captures and pawn moves runs it once more
// after the next move.
struct LockedAnalysis {
  bool locked = false;
  bool can_mate[2] = {true, true};
  bool transient = false;
};

// Runs the locked-pawn analysis (dead_position.cpp explains the proof). Cheap when it
// fails: most positions have a pawn that can advance and are rejected in a few bit
// operations.
LockedAnalysis analyse_locked_position(const Position& pos);

// Dead by FIDE 5.2.2 in a way insufficient material (outcome.hpp) does not cover: the
// pawns are locked for good and neither side can ever give check. Sound: true only when
// proved. Does not look at mate or stalemate on the board (the caller tests those first).
bool is_dead_position(const Position& pos);

// False only when it is proved that `side` cannot checkmate by any series of legal moves
// (FIDE 6.9: a flag fall of the other side is then a draw): bare material (a bare king;
// a single minor piece against a bare king; insufficient material on the board) or the
// locked-pawn proof for that side. True otherwise, including when nothing could be proved.
bool can_ever_checkmate(const Position& pos, Color side);

}  // namespace chesstool
