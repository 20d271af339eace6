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
  // A clock recorded after the mover's move number `moves` (the move's number in the
  // game: their own moves, counted from 1 at the start of a game from the usual position):
  // what is wrong with it, once per kind of fault and game. Moves between two recorded
  // clocks are walked through without one, and the clock may grow over them by what they
  // all add. Calls come in the order of the moves; a second clock after the same move
  // replaces the first: it is tested against the same earlier clock, and what the first
  // said is taken back (the caller drops that warning).
  // Inline, for the clock of every move of a lichess game: the common case is a clock
  // that is fine.
  std::optional<std::string> clock(Color mover, int moves, double seconds) {
    if (!active()) return std::nullopt;
    Side& s = sides_[mover];
    if (s.last && s.last_moves == moves && said_by_last_ == mover + 1) {  // the first clock's fault, taken back
      (said_above_by_last_ ? said_above_ : said_growth_) = false;
    }
    said_by_last_ = 0;
    if (!(s.last && s.last_moves == moves)) {  // a new move: it grows from the last clock
      s.before = s.last;
      s.before_moves = s.last_moves;
      s.gain = 0;
      while (s.walked < moves) {
        const std::int64_t added = s.walk->next_move();
        s.allowed += added;
        s.gain += added;
        ++s.walked;
      }
    }
    s.last = seconds;
    s.last_moves = moves;
    if (seconds >= 0 && seconds <= double(s.allowed) + kTolerance &&
        (!s.before || seconds <= *s.before + double(s.gain) + kTolerance))
      return std::nullopt;
    return fault(mover, s, moves, seconds);
  }

 private:
  struct Side {
    std::optional<PeriodWalk> walk;
    int walked = 0;                 // moves walked through the periods
    std::int64_t allowed = 0;       // the most the clock can show after them
    std::optional<double> last;     // the clock recorded last, after move last_moves
    int last_moves = 0;
    std::optional<double> before;   // the one recorded before that, after move before_moves
    int before_moves = 0;
    std::int64_t gain = 0;          // what the moves after before_moves, up to last_moves, added
  };
  // Clocks are recorded to the second (lichess) or the tenth; a clock rounded up by a
  // part of a second is not a fault.
  static constexpr double kTolerance = 1.0;
  std::optional<std::string> fault(Color mover, const Side& s, int moves, double seconds);

  TimeControl tc_;
  std::string tag_;
  Side sides_[2];
  bool said_above_ = false, said_growth_ = false;
  // Whose clock the last fault was said of (its colour + 1; 0: the last clock was fine),
  // and which kind, so that a second clock after the same move takes it back.
  int said_by_last_ = 0;
  bool said_above_by_last_ = false;
};

// "1:05:09" or "5:09.5": seconds as a chess clock shows them.
std::string clock_text(double seconds);

}  // namespace chesstool::pgn
