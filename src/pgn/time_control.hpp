// SPDX-License-Identifier: MIT
// The TimeControl tag (PGN standard 9.6.1) read into its periods, and a player's clock
// walked through them: what the rated-list class (tournament/time_control) and the clock
// check (pgn/clock_check) both start from.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace chesstool::pgn {

// One field of a TimeControl tag: "moves/seconds", "seconds", "seconds+increment" or
// "*seconds" (sandclock). moves is 0 for a sudden-death period.
struct TimePeriod {
  int moves = 0;
  std::int64_t seconds = 0;
  std::int64_t increment = 0;
  bool sandclock = false;
};

// Why a tag gives no periods.
enum class TimeProblem { None, Missing, Unknown, Untimed, Unparseable };

// English text of a problem, lower-case ("no TimeControl tag", ...); "" for None.
const char* time_problem_text(TimeProblem p);

struct TimeControl {
  std::vector<TimePeriod> periods;  // empty when problem is not None
  TimeProblem problem = TimeProblem::None;
};

// Reads a TimeControl tag value; nullptr means the tag is missing. Never throws: "?"
// (unknown), "-" (no time control) and unparseable values give a problem. A sandclock
// stands alone (a fixed time for the whole game).
TimeControl parse_time_control(const std::string* tag);

// One player's moves through the periods (not for a sandclock): the clock starts at the
// first period's base time; each move adds its period's increment, and the move that
// completes a period with a move count adds the next period's base time. A last period
// with a move count repeats ("40/7200": two hours for every 40 moves).
class PeriodWalk {
 public:
  explicit PeriodWalk(const std::vector<TimePeriod>& periods);
  std::int64_t start() const;
  // The seconds the player's next move adds to their clock.
  std::int64_t next_move() {
    if (periods_->empty()) return 0;
    const TimePeriod& p = (*periods_)[period_];
    last_increment_ = p.increment;
    if (p.moves == 0 || ++moves_in_period_ < p.moves) return p.increment;
    // The period is complete: the next one (or this one again, when it is the last) begins.
    if (period_ + 1 < periods_->size()) ++period_;
    moves_in_period_ = 0;
    return p.increment + (*periods_)[period_].seconds;
  }
  // The increment of the player's last move (0 before the first).
  std::int64_t last_increment() const { return last_increment_; }

 private:
  const std::vector<TimePeriod>* periods_;
  std::size_t period_ = 0;
  int moves_in_period_ = 0;
  std::int64_t last_increment_ = 0;
};

}  // namespace chesstool::pgn
