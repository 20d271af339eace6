// SPDX-License-Identifier: MIT
// Adds the FIDE adjudication to a replayed Game: claim and end comments, Result and Termination tags.
#pragma once

#include <optional>
#include <string>

#include "output/annotation_texts.hpp"
#include "pgn/game.hpp"
#include "pgn/game_end.hpp"
#include "pgn/game_report.hpp"

namespace chesstool::output {

// How a game's mainline stands by the FIDE Laws, ply by ply (ply 1 = the first move).
struct Adjudication {
  int plies = 0;                     // mainline half-moves
  std::optional<int> threefold_ply;  // first ply creating a third occurrence (FIDE 9.2)
  std::optional<int> fifty_ply;      // first ply after which 100 half-moves had no capture or pawn move (FIDE 9.3; 0: the start position's clock)
  Outcome end;                       // first automatic end (mate, stalemate, dead, fivefold, 75 moves)
  int end_ply = 0;                   // its ply (0: the start position itself)
  bool mate_at_seventyfive = false;  // end is a checkmate that completed 75 moves each (it stands, FIDE 9.6.2)
  // FIDE 6.9, for a game that did not end automatically and whose record says it was lost
  // on time (GameEnd::lost_on_time): the players who could not checkmate by any series of
  // legal moves from the final position, whose win on time is a draw. None otherwise.
  bool cannot_win_on_time[2] = {false, false};
};

// Replays the mainline through GameEnd (the adjudication validate uses).
Adjudication adjudicate(const pgn::Game& game);
// The same from the replay that read the game: its GameEnd and report after end_game(),
// when the whole mainline replayed, and the game's Termination tag (nullptr: none).
Adjudication adjudication_of(const pgn::GameEnd& end, const pgn::GameReport& report, const std::string* termination);

struct AnnotateOptions {
  Lang lang = Lang::En;
};

// What annotate_game changed that the user should hear about.
struct AnnotateNotes {
  // The Result tag or termination marker said something else than the automatic end
  // decides (not "*" or missing): the old value, replaced.
  std::optional<std::string> replaced_result;
  // FIDE 6.9: the player whose win on time the Laws make a draw (the result written is
  // 1/2-1/2); set also when the record already said 1/2-1/2.
  std::optional<Color> cannot_win_on_time;
};

// Rewrites game in place, a pure function of (game, adjudication, options):
//  * first removes every annotation comment it could have written before (any language),
//    from the mainline comments, so running it again changes nothing;
//  * a comment after the move of the first threefold and the first fifty-move ply, unless
//    the game had already ended automatically at or before that ply;
//  * a comment after the move that ended the game automatically (on the first move's
//    comment_before, or the game comment, when the start position is already dead), plus
//    a sentence when moves followed;
//  * when the game ended automatically: Result tag and termination marker set to the result
//    it decides, Termination tag set (added after the other tags when missing);
//  * otherwise, for a game lost on time whose recorded result is a win for a player who
//    could not checkmate (or a draw, and only one player could not): a comment after the
//    last move, and Result tag and marker set to 1/2-1/2 (FIDE 6.9);
//  * else Result, marker and Termination are left as they are.
// Comments are appended to an existing comment, separated by a space.
AnnotateNotes annotate_game(pgn::Game& game, const Adjudication& adjudication, const AnnotateOptions& options = {});

// Removes the annotation comments (any language) from text, collapsing whitespace runs to
// one space (as the PGN writer does anyway). Only whole texts are removed, so a user's
// comment that merely quotes part of one stays.
void strip_annotations(std::string& text);

}  // namespace chesstool::output
