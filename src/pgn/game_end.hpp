// SPDX-License-Identifier: MIT
// Follows a game's mainline for the FIDE ends: automatic ends, draw claims, result checks.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/outcome.hpp"
#include "pgn/game_report.hpp"

namespace chesstool::pgn {

// A result that cannot be true, with its stable code.
struct ResultProblem {
  std::string code;
  std::string message;
};

class GameEnd {
 public:
  // The start position of the mainline (it may already be dead or drawn).
  void start(const Position& pos);
  // The position reached by mainline ply `ply`. Inline, as it runs after every move: the
  // usual position (seen less than three times, reached by a reversible move, the clock
  // under 100 half-moves, no dead-position test pending) changes nothing but the history,
  // and the rest is decided in after_move_rest.
  void after_move(const Position& pos, int ply) {
    last_ply_ = ply;
    last_count_ = history_.push(pos);
    if (last_count_ < 3 && pos.halfmove_clock() != 0 && !is_fifty_moves(pos) && !recheck_dead_) return;
    after_move_rest(pos, ply);
  }
  // Whether the game already ended automatically (dead position, fivefold, 75 moves),
  // and why, in words ("fivefold repetition at ply 16").
  bool ended() const { return ended_.is_over(); }
  std::string ended_reason() const;
  // The first automatic end and the ply it happened at (0: the start position), for tools
  // that annotate the ply itself (annotate). None until one happened; checkmate and
  // stalemate are only known after finish().
  const Outcome& ended_outcome() const { return ended_; }
  int ended_ply() const { return ended_ply_; }
  // How many times the last position reached has occurred (FIDE 9.2: a claim at three).
  int repetitions() const { return last_count_; }
  // Fills outcome, claims and ended_at for the final mainline position.
  void finish(const Position& final_pos, GameReport& report);
  // Checks a recorded result ("1-0", ...) against how the game ended; the Termination tag
  // (or the comments after the last move, note_text_after_last_move) tells wins on time,
  // which FIDE 6.9 makes draws when the winner could not mate: "time-forfeit-draw" for bare
  // material, "win-on-time-unwinnable" for what rules/dead_position.hpp proves beyond it.
  std::optional<ResultProblem> contradiction(const std::string& result, const std::string* termination) const;
  // Whether the record says the game was lost on time: the Termination tag names time (as
  // lichess and most servers write it), or the mainline comments after the last move say
  // so (says_lost_on_time), read only when the tag does not.
  bool lost_on_time(const std::string* termination) const;
  // After finish(): false when it is proved that `side` could not checkmate by any series
  // of legal moves from the final position (FIDE 6.9): bare material, else the proofs of
  // rules/dead_position.hpp. True whenever nothing is proved.
  bool could_checkmate(Color side) const;
  // The game's text (from its first tag pair) and the offset just after its last mainline
  // move (0 for a game without moves): lost_on_time reads the comments after it
  // (comments_after), only when the Termination tag says nothing. Must stay valid until then.
  void note_text_after_last_move(std::string_view game_text, std::size_t from) {
    text_ = game_text;
    from_ = from;
    comments_.reset();
  }
  // The same for a Game already read: the comments after its last move, as
  // append_comment_text and end_comment_group build them.
  void note_comments_after_last_move(std::string comments) { comments_ = std::move(comments); }

 private:
  void end_automatically(Termination termination, int ply, const Position& pos);
  // The dead-position test where pawns_all_blocked(pos) holds; sets recheck_dead_.
  void check_dead_position(const Position& pos, int ply);

  // after_move once the history has the position: claims, then the automatic ends.
  void after_move_rest(const Position& pos, int ply);

  RepetitionHistory history_;
  int last_count_ = 1;
  int last_ply_ = 0;
  std::optional<Claim> threefold_, fifty_;
  Outcome ended_;  // the first automatic end
  int ended_ply_ = 0;
  bool final_can_mate_[2] = {true, true};
  Position final_pos_;
  bool recheck_dead_ = false;  // the last dead-position test failed transiently
  std::string_view text_;  // note_text_after_last_move
  std::size_t from_ = 0;
  std::optional<std::string> comments_;  // note_comments_after_last_move
};

// The comments that count as a game's record of a loss on time are those annotate writes
// back after the last mainline move: the mainline's comments after it (in a game without
// moves, all of its comments), each with its blanks and line ends collapsed to single
// spaces, joined with a space. A variation (with a move) ends a group: the comments after
// it are written after it, away from those before, so a phrase is not read across it (a
// '\n' separates the groups). Escape lines, tag pairs, NAGs, the result and the moves and
// comments inside variations do not count; a variation without a move does not end a group
// and its comments count with the first group, where the replay keeps them.
void append_comment_text(std::string& comments, std::string_view comment);
// Starts a new group (after a variation with a move).
void end_comment_group(std::string& comments);
// The comments after `from` in a game's text (from its first tag pair, so that escape
// lines are found in column 1), as above, read by the movetext parser: its comments,
// escape lines, tag pairs and variations, and its moves (a variation has one when the
// parser delivers a SAN token in it, as the replay counts them).
std::string comments_after(std::string_view game_text, std::size_t from);

// True when comments (as comments_after gives them) say a game was lost on time: one of the
// phrases of kLostOnTimePhrases in game_end.cpp ("forfeits on time", "lost on time", "won
// on time", "time forfeit", "flag fell", "ran out of time", ...), in any letter case, as
// whole words (a blank or hyphen between them), and not directly negated: none of the two
// words before it, in the same clause (no punctuation between), is "not", "no", "never",
// "without", "cannot" or ends in "n't" ("did not lose on time", "without losing on time").
bool says_lost_on_time(std::string_view comments);
// Whether text holds "time" or "flag" in any letter case, as every phrase does: the quick
// test lost_on_time makes before it reads the comments.
bool mentions_time_or_flag(std::string_view text);

}  // namespace chesstool::pgn
