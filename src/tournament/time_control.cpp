// SPDX-License-Identifier: MIT
// FIDE time-control class of a game from its PGN TimeControl tag (PGN standard 9.6.1).
#include "tournament/time_control.hpp"

#include <algorithm>

namespace chesstool::tournament {

namespace {

// FIDE Laws Appendix A.1 and B.1 count "60 times any increment": the game is assumed to
// last 60 moves, as in the FIDE Rating Regulations 1.1 for multi-period controls.
constexpr int kAssumedMoves = 60;

}  // namespace

const char* time_class_name(TimeClass c) {
  switch (c) {
    case TimeClass::Standard: return "standard";
    case TimeClass::Rapid: return "rapid";
    case TimeClass::Blitz: return "blitz";
    case TimeClass::Unknown: break;
  }
  return "unknown";
}

TimeClass time_class_of_seconds(std::int64_t seconds) {
  if (seconds >= 60 * 60) return TimeClass::Standard;  // 60 minutes or more
  if (seconds > 10 * 60) return TimeClass::Rapid;      // Appendix A.1: more than 10, less than 60
  return TimeClass::Blitz;                             // Appendix B.1: 10 minutes or less
}

TimeControlInfo classify_time_control(const std::string* tag) {
  TimeControlInfo info;
  pgn::TimeControl tc = pgn::parse_time_control(tag);
  info.problem = tc.problem;
  info.periods = std::move(tc.periods);
  if (info.problem != TimeProblem::None) return info;

  // Walk the first 60 moves through the periods. Each period's base time counts once when
  // it begins; its increment counts for each of its moves. A last period with a move count
  // repeats, as in classical controls ("40/7200" means 2 hours for every 40 moves).
  std::int64_t total = 0;
  int move = 0;
  std::size_t i = 0;
  while (move < kAssumedMoves) {
    const TimePeriod& p = info.periods[i];
    total += p.seconds;
    const int span = p.moves == 0 || p.sandclock ? kAssumedMoves - move : std::min(p.moves, kAssumedMoves - move);
    total += p.increment * span;
    move += span;
    if (i + 1 < info.periods.size()) ++i;
  }
  info.seconds = total;
  info.cls = time_class_of_seconds(total);
  return info;
}

}  // namespace chesstool::tournament
