// SPDX-License-Identifier: MIT
// The result problems among a game's diagnostics.
#include "tournament/result_check.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>

#include "output/game_output.hpp"

namespace chesstool::tournament {

namespace {

// The codes of pgn/replay.cpp's result_problem calls and report's own, each with the rule
// it applies. Other warnings (clock-inconsistent, nag-without-move, ...) say nothing about
// who won.
constexpr std::string_view kResultProblemCodes[] = {
    // The game ended on the board (FIDE Laws 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 dead
    // position, 9.6 fivefold repetition and 75 moves) with another result than recorded.
    "result-contradicts-position",
    // Moves were recorded after such an end: the game ended there (the same Laws).
    "moves-after-game-end",
    // FIDE 6.9: a win on time by a player who could not checkmate by any series of legal
    // moves is a draw; bare material, then the proofs beyond it.
    "time-forfeit-draw",
    "win-on-time-unwinnable",
    // PGN standard 8.2.6: the termination marker must match the Result tag.
    "result-mismatch",
    // PGN standard 8.1.1.7: the Result tag, of the Seven Tag Roster, is missing or not one of
    // the four results, so the game counted by its termination marker alone (a forfeit
    // written +/-, -/+ or -/- in the tag counts as written: result_problems leaves it).
    "missing-result-tag",
    "malformed-result-tag",
    // A forfeit (+/-, -/+, -/-) counted in a game whose record gives other points: report's
    // own (forfeit_contradiction below).
    "forfeit-contradicted",
};

// report's own problem (a forfeit is no PGN result, so the replay does not weigh it): a
// forfeit counted in a game whose record gives other points, by the final position when
// the game ended there (FIDE 5.1.1, 5.2, 9.6; one that ended before its last move has
// moves-after-game-end already) or by its termination marker. An arbiter may forfeit a
// player after the moves, hence a warning to check, not a correction.
std::optional<pgn::Diagnostic> forfeit_contradiction(const pgn::GameReport& report, const std::string& counted) {
  bool forfeit = false;
  const auto points = result_points(counted, forfeit);
  if (!points || !forfeit) return std::nullopt;
  const auto gives_other_points = [&](std::string_view result) {
    bool unused = false;
    const auto p = result_points(result, unused);
    return p && *p != *points;
  };
  std::string why;
  if (!report.ended_at && report.outcome.is_over() && gives_other_points(report.outcome.result()))
    why = "the game ended by " + std::string(names_of(report.outcome.termination).words) + " at ply " +
          std::to_string(report.plies) + " ('" + std::string(report.outcome.result()) + "')";
  else if (gives_other_points(report.result_token))
    why = "the movetext's result is '" + report.result_token + "'";
  else
    return std::nullopt;
  pgn::Diagnostic d;
  d.severity = pgn::Severity::Warning;
  d.code = "forfeit-contradicted";
  d.token = counted;
  d.message = "forfeit '" + counted + "' in the Result tag, but " + why;
  // At the Result tag, where the replay's malformed-result-tag points; else the game's start.
  d.line = report.line;
  d.column = report.column;
  for (const auto* list : {&report.errors, &report.warnings})
    for (const pgn::Diagnostic& other : *list)
      if (other.code == "malformed-result-tag") {
        d.line = other.line;
        d.column = other.column;
      }
  return d;
}

}  // namespace

bool is_result_problem(std::string_view code) {
  return std::find(std::begin(kResultProblemCodes), std::end(kResultProblemCodes), code) != std::end(kResultProblemCodes);
}

std::vector<pgn::Diagnostic> result_problems(const pgn::GameReport& report, const std::string& counted) {
  const std::string* tag = report.tag("Result");
  const bool tag_counted = tag && *tag == counted;
  std::vector<pgn::Diagnostic> found;
  for (const pgn::Diagnostic* d : output::in_source_order(report, true))
    if (is_result_problem(d->code) && !(tag_counted && d->code == "malformed-result-tag")) found.push_back(*d);
  if (auto d = forfeit_contradiction(report, counted)) {
    const auto at = std::find_if(found.begin(), found.end(), [&](const pgn::Diagnostic& f) {
      return f.line != d->line ? f.line > d->line : f.column > d->column;
    });
    found.insert(at, std::move(*d));
  }
  return found;
}

ResultWarning result_warning(const EventGame& game, const pgn::Diagnostic& problem, std::uint64_t ordinal) {
  return {game.file,  game.member,  game.index,     game.line,    game.white,     game.black,
          game.result, problem.code, problem.message, problem.line, problem.column, ordinal};
}

}  // namespace chesstool::tournament
