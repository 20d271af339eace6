// SPDX-License-Identifier: MIT
// FIDE time-control class of a game from its PGN TimeControl tag (PGN standard 9.6.1).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/time_control.hpp"

namespace chesstool::tournament {

// FIDE Laws of Chess: standard (60 minutes or more), rapid (Appendix A.1: more than 10 and
// less than 60 minutes), blitz (Appendix B.1: 10 minutes or less), each counting the time
// for each player plus 60 times any increment, as the Rapid and Blitz Rating Regulations
// (1 March 2024) 1.1.1 and 1.1.2 do; those rate blitz only above 3 minutes (standings.hpp).
enum class TimeClass { Standard, Rapid, Blitz, Unknown };

// "standard", "rapid", "blitz", "unknown": the names used in JSON and CSV.
const char* time_class_name(TimeClass c);

// The periods and the problems of a TimeControl tag are read in pgn/time_control.
using pgn::time_problem_text;
using pgn::TimePeriod;
using pgn::TimeProblem;

struct TimeControlInfo {
  TimeClass cls = TimeClass::Unknown;
  // Time for each player over a 60-move game (base times of the periods begun within
  // the first 60 moves plus each move's increment); set when cls is not Unknown.
  std::optional<std::int64_t> seconds;
  std::vector<TimePeriod> periods;
  TimeProblem problem = TimeProblem::None;  // why cls is Unknown
};

// Classifies a TimeControl tag value; nullptr means the tag is missing. Never throws:
// "?" (unknown), "-" (no time control) and unparseable values give Unknown with a problem.
TimeControlInfo classify_time_control(const std::string* tag);

// Class of a number of seconds per player by the FIDE thresholds above.
TimeClass time_class_of_seconds(std::int64_t seconds);

}  // namespace chesstool::tournament
