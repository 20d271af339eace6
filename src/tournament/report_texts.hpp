// SPDX-License-Identifier: MIT
// Every visible text of the event report in each language: labels, reasons, durations
// with Arabic number agreement, and punctuation.
#pragma once

#include <cstdint>
#include <string>

#include "output/annotation_texts.hpp"
#include "tournament/standings.hpp"
#include "tournament/tiebreak.hpp"
#include "tournament/time_control.hpp"

namespace chesstool::tournament {

enum class T : std::uint8_t {
  Rank, Name, Rating, Games, Wins, Draws, Losses, Points, Performance, K, Change, Score, Expected, Initial,
  Event, Counted, Excluded, AverageRating, RatedPlayers, NoRatedPlayers, TimeControl, NoTag, KFactor, ByDefault,
  RapidBlitzK, Kind, RoundRobin, Swiss, RoundRobinGiven, SwissGiven, Rounds, RoundsUnnumbered, TieBreaks, Recommended, Chosen, ExcludedGames,
  ResultsToCheck, NotRatedGames, RatingList, Standard, Rapid, Blitz, Unknown, Game, Invalid, Unfinished, EndedUnrecorded, NoResult, NoPlayer,
  SamePlayer, Duplicate, TpMissing, TpUnknown, TpUntimed, TpUnparseable, NoGames, NoMove, Forfeit, UnknownClass,
  BelowMinimum, BothUnrated, OneSideMoved, FirstControl30, RatingGap600, BlitzMinimum, NotEnoughGames, ZeroScore, BelowFloor, Capped, LegendPerf, LegendChange,
  Count
};

// The text of a label in a language.
std::string tr(T id, output::Lang lang);
// ", " or the Arabic comma "، "; "; " or the Arabic semicolon "؛ ".
std::string comma(output::Lang lang);
std::string semicolon(output::Lang lang);

// "10 min 1 s", "25 min", "45 s"; in Arabic with the number agreement of the noun:
// 1 دقيقة, 2 دقيقتان, 3-10 دقائق, 11 and more دقيقة (the same for ثانية).
std::string duration_text(std::int64_t seconds, output::Lang lang);

// "1 round", "3 rounds"; Arabic with number agreement (1 جولة, 2 جولتان, 3 جولات).
std::string rounds_text(int rounds, output::Lang lang);

std::string class_text(TimeClass c, output::Lang lang);
std::string problem_text(TimeProblem p, output::Lang lang);
// Why a counted game is not rated, in a language.
std::string not_rated_text(const Rateability& r, const EventGame& g, output::Lang lang);
// What an unrated player's games give: the initial rating, or why there is none.
std::string initial_text(const InitialRating& r, output::Lang lang);
// Name of a tie-break for the legend ("BH-C1 Buchholz Cut-1 (C.07 8.1, 14.1)").
std::string tiebreak_legend(TieBreak t, output::Lang lang);

}  // namespace chesstool::tournament
