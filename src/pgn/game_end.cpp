// SPDX-License-Identifier: MIT
// Adjudication of a mainline by the FIDE Laws (articles 5, 6.9 and 9).
#include "pgn/game_end.hpp"

#include <algorithm>
#include <cctype>

#include "core/movegen.hpp"
#include "pgn/game_splitter.hpp"
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
  return says_lost_on_time(after_last_move_);
}

bool GameEnd::could_checkmate(Color side) const { return final_can_mate_[side] && can_ever_checkmate(final_pos_, side); }

}  // namespace chesstool::pgn

namespace chesstool::pgn {

std::string_view text_after_tag_pairs(std::string_view text) {
  const auto* b = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t p = 0;
  while (p < n) {
    const unsigned char c = b[p];
    const std::uint8_t k = detail::kByteClass[c];
    if (k == detail::kSpace || k == detail::kLf || k == detail::kCr) {
      ++p;
    } else if (k == detail::kLBracket) {
      detail::TagScan state = detail::TagScan::InTag;
      p = detail::scan_tag_pair(b, p + 1, n, state);  // past its ']', or at its line end
    } else if (c == '%' && (p == 0 || b[p - 1] == '\n' || b[p - 1] == '\r')) {
      while (p < n && b[p] != '\n' && b[p] != '\r') ++p;  // an escape line (spec 6)
    } else {
      break;
    }
  }
  return text.substr(p);
}

bool says_lost_on_time(std::string_view comment) {
  // FICS and ICC end a game lost on time with "{White forfeits on time}", others write
  // "lost on time", "wins on time", "time forfeit" or "flag fell".
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c + ('a' - 'A')) : c; };
  auto contains = [&](std::string_view needle) {
    for (std::size_t i = 0; i + needle.size() <= comment.size(); ++i) {
      std::size_t j = 0;
      while (j < needle.size() && lower(comment[i + j]) == needle[j]) ++j;
      if (j == needle.size()) return true;
    }
    return false;
  };
  return contains("on time") || contains("time forfeit") || contains("flag fell");
}

}  // namespace chesstool::pgn
