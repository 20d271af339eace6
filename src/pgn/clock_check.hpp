// SPDX-License-Identifier: MIT
// validate's clock check: the [%clk] times a game records after its mainline moves,
// against its TimeControl tag. No clock may show more than the time control has given
// the player by that move, nor grow by more than that move added (its increment, or the
// next period's time); a clock that does is a typing or export error
// (clock-inconsistent, a warning).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/types.hpp"
#include "pgn/time_control.hpp"

namespace chesstool::pgn {

class ClockCheck {
 public:
  // tag: the TimeControl tag's value (nullptr: none). Inactive (every clock accepted)
  // without a tag with periods, and for a sandclock.
  void start(const std::string* tag);
  bool active() const { return !tc_.periods.empty() && !tc_.periods.front().sandclock; }
  // A clock recorded after the mover's move number `moves` (their own moves, counted
  // from 1): what is wrong with it, once per kind of fault and game. Moves between two
  // recorded clocks are walked through without one.
  // Inline, for the clock of every move of a lichess game: the common case is a clock
  // that is fine.
  std::optional<std::string> clock(Color mover, int moves, double seconds) {
    if (!active()) return std::nullopt;
    Side& s = sides_[mover];
    // The growth test needs the clock of the mover's move just before this one; a second
    // clock after the same move (two comments) is tested against that one too.
    const bool again = s.last && s.walked == moves;
    if (!again) s.before = s.last && s.walked == moves - 1 ? s.last : std::nullopt;
    const bool follows = s.before.has_value();
    const double previous = follows ? *s.before : 0;
    while (s.walked < moves) {
      s.last_gain = s.walk->next_move();
      s.allowed += s.last_gain;
      ++s.walked;
    }
    s.last = seconds;
    if (seconds >= 0 && seconds <= double(s.allowed) + kTolerance &&
        (!follows || seconds <= previous + double(s.last_gain) + kTolerance))
      return std::nullopt;
    return fault(mover, s, follows, previous, seconds);
  }

 private:
  struct Side {
    std::optional<PeriodWalk> walk;
    int walked = 0;                 // moves walked through the periods
    std::int64_t allowed = 0;       // the most the clock can show after them
    std::int64_t last_gain = 0;     // what the last of them added
    std::optional<double> last;     // the clock recorded after the last of them
    std::optional<double> before;   // the one recorded after the move before that, if any
  };
  // Clocks are recorded to the second (lichess) or the tenth; a clock rounded up by a
  // part of a second is not a fault.
  static constexpr double kTolerance = 1.0;
  std::optional<std::string> fault(Color mover, const Side& s, bool follows, double previous, double seconds);

  TimeControl tc_;
  std::string tag_;
  Side sides_[2];
  bool said_above_ = false, said_growth_ = false;
};

// "1:05:09" or "5:09.5": seconds as a chess clock shows them.
std::string clock_text(double seconds);

}  // namespace chesstool::pgn
