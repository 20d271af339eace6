// SPDX-License-Identifier: MIT
// Whether a move named for a diagram (`board --lastmove`) can be the move that led to the
// position shown: it is taken back, and must be legal where it was played.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/position.hpp"
#include "output/board_diagram.hpp"

namespace chesstool::output {

struct LastMoveCheck {
  std::optional<LastMove> squares;  // the squares to highlight, when the move is accepted
  std::string error;                // why it is not (lower case, no final period), else empty
};

// `after` is the position shown, `uci` a move in UCI (e2e4, e7e8q; castling as e1g1 or
// king-takes-rook e1h1) made by the side that is not to move in `after`. The previous
// position is not given, so it is rebuilt by taking the move back: the piece on the
// destination returns to the origin (a pawn, for a promotion), and the destination held
// nothing or any piece the side to move could have lost there (a pawn behind it for en
// passant). The move is accepted when one such previous position is a valid position
// (parse_fen, strict) in which the move is legal (parse_uci) and playing it gives `after`:
// the same pieces, the same en passant square (X-FEN: only when a capture is possible), no
// castling right that the move or the rebuilt position rules out (the previous position
// is given every right its placement allows), and, when `after`'s half-move clock is not
// 0, a move that is neither a capture nor a pawn move (0 is also what an omitted counter
// reads as, so it allows any move). The full-move number is not checked.
LastMoveCheck check_last_move(const Position& after, std::string_view uci);

}  // namespace chesstool::output
