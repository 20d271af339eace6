// SPDX-License-Identifier: MIT
// Adjudication of a mainline by the FIDE Laws (articles 5, 6.9 and 9).
#include "pgn/game_end.hpp"

#include <algorithm>
#include <cctype>

#include "core/movegen.hpp"
#include "pgn/game_splitter.hpp"
#include "pgn/movetext_parser.hpp"
#include "rules/dead_position.hpp"

namespace chesstool::pgn {

namespace {

// How one position stands, in the documented order: checkmate, stalemate, insufficient
// material, dead position, fivefold repetition, 75-move rule.
Outcome outcome_of(const Position& pos, int repetitions) {
  Outcome o;
  if (!has_legal_move(pos)) {
    o.termination = pos.is_check() ? Termination::Checkmate : Termination::Stalemate;
    if (pos.is_check()) o.winner = ~pos.side_to_move();
  } else if (is_insufficient_material(pos)) {
    o.termination = Termination::InsufficientMaterial;
  } else if (pawns_all_blocked(pos) && is_dead_position(pos)) {
    o.termination = Termination::DeadPosition;
  } else if (repetitions >= 5) {
    o.termination = Termination::FivefoldRepetition;
  } else if (is_seventyfive_moves(pos)) {
    o.termination = Termination::SeventyFiveMoves;
  }
  return o;
}

}  // namespace

void GameEnd::start(const Position& pos) {
  last_count_ = history_.push(pos);
  last_ply_ = 0;
  // A set-up position's half-move clock may already allow a claim (100) or have ended
  // the game (150): then the moves that follow it are moves after the end.
  if (is_fifty_moves(pos)) fifty_ = Claim{ClaimKind::FiftyMoves, 0, pos.side_to_move()};
  if (is_insufficient_material(pos))
    end_automatically(Termination::InsufficientMaterial, 0, pos);
  else if (pawns_all_blocked(pos))
    check_dead_position(pos, 0);
  if (is_seventyfive_moves(pos)) end_automatically(Termination::SeventyFiveMoves, 0, pos);
}

// FIDE 5.2.2 beyond material. Only a capture or a pawn move can lock the pawns or take
// away what could mate (a king or piece move stays inside the regions the proof computes),
// so this runs after those, and once more after a move that followed a transient failure
// (an en passant right, a pawn check).
void GameEnd::check_dead_position(const Position& pos, int ply) {
  const LockedAnalysis a = analyse_locked_position(pos);
  recheck_dead_ = a.transient;
  if (!a.locked) return;
  if (!a.may_check[White] && !a.may_check[Black]) {
    end_automatically(Termination::DeadPosition, ply, pos);
  } else if (is_dead_position(pos)) {  // the closed search, for pieces that might check
    end_automatically(Termination::DeadPosition, ply, pos);
  }
}

void GameEnd::end_automatically(Termination termination, int ply, const Position& pos) {
  if (ended()) return;
  // An automatic draw reached in a position without a legal move is also the checkmate
  // (which stands, FIDE 9.6.2) or the stalemate (5.2.1) it is: those come first in the
  // documented order, as outcome_of has it for the final position.
  if (termination != Termination::Checkmate && termination != Termination::Stalemate && !has_legal_move(pos))
    termination = pos.is_check() ? Termination::Checkmate : Termination::Stalemate;
  ended_.termination = termination;
  if (termination == Termination::Checkmate) ended_.winner = ~pos.side_to_move();
  ended_ply_ = ply;
}

void GameEnd::after_move_rest(const Position& pos, int ply) {
  // Once the game has ended automatically nothing more can be claimed: FIDE 9.2 and 9.3
  // claims are made during the game (moves played after the end are not).
  if (ended()) return;
  if (last_count_ >= 3 && !threefold_) threefold_ = Claim{ClaimKind::ThreefoldRepetition, ply, pos.side_to_move()};
  if (is_fifty_moves(pos) && !fifty_) fifty_ = Claim{ClaimKind::FiftyMoves, ply, pos.side_to_move()};
  // Mate and stalemate are found when a move fails or at the end: a following legal move
  // proves there was one. The automatic draws are checked here, cheapest test first.
  const bool changed = pos.halfmove_clock() == 0;
  if (changed && is_insufficient_material(pos)) {
    end_automatically(Termination::InsufficientMaterial, ply, pos);
    return;
  }
  if (changed || recheck_dead_) {
    recheck_dead_ = false;
    // pawns_all_blocked (inline) is false for nearly every position: no call then.
    if (pawns_all_blocked(pos)) {
      check_dead_position(pos, ply);
      if (ended()) return;
    }
  }
  // FIDE 9.6.2: unless the last move checkmated, which stands (end_automatically).
  if (last_count_ >= 5)
    end_automatically(Termination::FivefoldRepetition, ply, pos);
  else if (is_seventyfive_moves(pos))
    end_automatically(Termination::SeventyFiveMoves, ply, pos);
}

std::string GameEnd::ended_reason() const {
  return std::string(names_of(ended_.termination).words) + " at ply " + std::to_string(ended_ply_);
}

void GameEnd::finish(const Position& final_pos, GameReport& report) {
  const Outcome final_outcome = outcome_of(final_pos, last_count_);
  // The final position is where mate and stalemate end a game that did not end before.
  if (final_outcome.termination == Termination::Checkmate || final_outcome.termination == Termination::Stalemate)
    end_automatically(final_outcome.termination, last_ply_, final_pos);
  for (Color c : {White, Black}) final_can_mate_[c] = can_checkmate_at_all(final_pos, c);
  final_pos_ = final_pos;

  report.outcome = final_outcome;
  report.claims.clear();
  // A claim needs a game in progress (FIDE 5.1.1, 5.2): none on the move that ended it
  // automatically either (a mate on the 100th half-move is a mate), as annotate has it.
  for (const std::optional<Claim>& c : {threefold_, fifty_})
    if (c && (!ended() || c->ply < ended_ply_)) report.claims.push_back(*c);
  std::sort(report.claims.begin(), report.claims.end(), [](const Claim& a, const Claim& b) { return a.ply < b.ply; });
  if (ended() && ended_ply_ < last_ply_) report.ended_at = ended_ply_;
}

std::optional<ResultProblem> GameEnd::contradiction(const std::string& result, const std::string* termination) const {
  if (ended()) {
    const std::string expected(ended_.result());
    if (!result.empty() && result != expected)
      return ResultProblem{"result-contradicts-position",
                           "result '" + result + "' but the game ended by " + ended_reason() + ": expected '" + expected + "'"};
    return std::nullopt;
  }
  if (result != "1-0" && result != "0-1") return std::nullopt;
  if (!lost_on_time(termination)) return std::nullopt;
  const Color winner = result == "1-0" ? White : Black;
  const std::string who = winner == White ? "white" : "black";
  if (!final_can_mate_[winner])
    return ResultProblem{"time-forfeit-draw", "win on time for " + who +
                                                  ", who could not checkmate by any series of legal moves (FIDE 6.9): "
                                                  "expected '1/2-1/2'"};
  // Beyond bare material: the locked-pawn proof or the closed search (dead_position.hpp).
  if (!can_ever_checkmate(final_pos_, winner))
    return ResultProblem{"win-on-time-unwinnable",
                         "win on time for " + who + ", who could not checkmate by any series of legal moves: the pawns "
                         "are locked for good and no mate is reachable (FIDE 6.9): the result is '1/2-1/2'"};
  return std::nullopt;
}

bool GameEnd::lost_on_time(const std::string* termination) const {
  if (termination) {
    std::string t = *termination;
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (t.find("time") != std::string::npos) return true;
  }
  if (comments_) return says_lost_on_time(*comments_);
  // Every phrase holds "time" or "flag", which collapsing and joining comments keep whole:
  // the text without either (a lichess game's "{ [%clk 0:00:07] } 1-0") is not read.
  if (from_ >= text_.size() || !mentions_time_or_flag(text_.substr(from_))) return false;
  return says_lost_on_time(comments_after(text_, from_));
}

bool GameEnd::could_checkmate(Color side) const { return final_can_mate_[side] && can_ever_checkmate(final_pos_, side); }

}  // namespace chesstool::pgn

namespace chesstool::pgn {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_word_byte(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c + ('a' - 'A')) : c; }

// comments_after's reading, on the parser's events (so that comments, escape lines, tag
// pairs and variations are the parser's): the mainline's comments from byte `from` on
// (first, then later once a variation with a move closed) and those of the open
// variation (pending), grouped as the replay keeps them.
class CommentsAfter final : public Visitor {
 public:
  CommentsAfter(std::uint64_t from, bool after_move) : from_(from), after_move_(after_move) {}
  std::string take() {
    if (depth_ > 0) close_variation();  // the parser closes one left open; this is in case
    if (!later_.empty()) end_comment_group(first_);
    return first_ + later_;
  }

  void comment(std::string_view text, const SourceLoc& at) override {
    if (at.byte_offset < from_) return;
    if (depth_ == 0) append_comment_text(in_later_ ? later_ : first_, text);
    else if (depth_ == 1 && counted_) append_comment_text(pending_, text);
  }
  void san(std::string_view, const SourceLoc&) override {
    if (depth_ == 1) moved_ = true;
  }
  void begin_variation(const SourceLoc& at) override {
    if (++depth_ == 1) {
      moved_ = false;
      counted_ = at.byte_offset >= from_;
    }
  }
  void end_variation(const SourceLoc&) override {
    if (depth_ > 0 && --depth_ == 0) close_variation();
  }

 private:
  // Replayer::end_variation: a variation without a move leaves its comments after the
  // move before it; one with a move ends the group of comments before it.
  void close_variation() {
    depth_ = 0;
    if (!counted_) return;
    if (!moved_) {
      if (after_move_) append_comment_text(first_, pending_);
    } else if (in_later_) {
      end_comment_group(later_);
    } else {
      in_later_ = true;
    }
    pending_.clear();
  }

  std::uint64_t from_;
  bool after_move_;
  int depth_ = 0;
  bool moved_ = false;     // the open variation (depth 1) has a move
  bool counted_ = false;   // the open variation starts after from_
  bool in_later_ = false;  // a variation with a move closed
  std::string first_, later_, pending_;
};

// The phrases that say a game was lost on time, in lower case; a space stands for a blank
// or a hyphen ("time-forfeit"). A phrase matches whole words only.
constexpr std::string_view kLostOnTimePhrases[] = {
    "forfeits on time", "forfeited on time", "forfeit on time",            // FICS, ICC
    "lost on time",     "loses on time",  // not "losing on time": "White is losing on time" is commentary
    "won on time",      "wins on time",                                     // the winner's view
    "time forfeit",                                                         // lichess's Termination
    "flag fell",        "flag falls",        "flagged",
    "ran out of time",  "runs out of time",
};

bool phrase_at(std::string_view s, std::size_t i, std::string_view phrase) {
  if (i + phrase.size() > s.size()) return false;
  for (std::size_t j = 0; j < phrase.size(); ++j) {
    const char c = s[i + j];
    if (phrase[j] == ' ' ? c != ' ' && c != '-' : lower(c) != phrase[j]) return false;
  }
  const std::size_t end = i + phrase.size();
  return end == s.size() || !is_word_byte(s[end]);
}

bool is_negation(std::string_view word) {
  std::string w(word);
  std::transform(w.begin(), w.end(), w.begin(), lower);
  return w == "not" || w == "no" || w == "never" || w == "without" || w == "cannot" || w.ends_with("n't") ||
         w.ends_with("n\u2019t") || w.ends_with("n\x92t");
}

// A negation among the two words before position i, with only blanks between them and it.
bool negated_at(std::string_view s, std::size_t i) {
  std::size_t end = i;
  for (int words = 0; words < 2; ++words) {
    if (end == 0 || s[end - 1] != ' ') return false;  // punctuation or a group's start
    std::size_t start = end - 1;
    while (start > 0 && s[start - 1] != ' ' && s[start - 1] != '\n') --start;
    const std::string_view word = s.substr(start, end - 1 - start);
    if (is_negation(word)) return true;
    for (char c : word)  // a comma, a period...: the clause starts after it
      if (!is_word_byte(c) && c != '\'' && static_cast<unsigned char>(c) < 0x80) return false;
    end = start;
  }
  return false;
}

}  // namespace

bool mentions_time_or_flag(std::string_view text) {
  for (std::size_t i = 0; i + 4 <= text.size(); ++i) {
    const char c = char(text[i] | 0x20);  // exact for letters: the case bit
    if (c != 't' && c != 'f') continue;
    const char a = char(text[i + 1] | 0x20), b = char(text[i + 2] | 0x20), d = char(text[i + 3] | 0x20);
    if ((c == 't' && a == 'i' && b == 'm' && d == 'e') || (c == 'f' && a == 'l' && b == 'a' && d == 'g')) return true;
  }
  return false;
}

void append_comment_text(std::string& comments, std::string_view comment) {
  bool space = true;  // before the comment's first word: a space after the one before it
  for (char c : comment) {
    if (is_blank(c)) {
      space = true;
      continue;
    }
    if (space && !comments.empty() && comments.back() != '\n') comments += ' ';
    space = false;
    comments += c;
  }
}

void end_comment_group(std::string& comments) {
  if (!comments.empty() && comments.back() != '\n') comments += '\n';
}

std::string comments_after(std::string_view game_text, std::size_t from) {
  if (from > game_text.size()) return {};
  RawGame game;  // offsets from the text's start
  game.text = std::string(game_text);
  game.line = 1;
  CommentsAfter reader(from, from > 0);
  parse_game(game, reader);
  return reader.take();
}

bool says_lost_on_time(std::string_view comments) {
  for (std::size_t i = 0; i < comments.size(); ++i) {
    if (i > 0 && is_word_byte(comments[i - 1])) continue;
    for (std::string_view phrase : kLostOnTimePhrases)
      if (phrase_at(comments, i, phrase) && !negated_at(comments, i)) return true;
  }
  return false;
}

}  // namespace chesstool::pgn
