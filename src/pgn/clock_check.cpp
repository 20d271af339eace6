// SPDX-License-Identifier: MIT
// The clock check: each player's clock walked through the TimeControl periods.
#include "pgn/clock_check.hpp"

#include <cmath>
#include <cstdio>

namespace chesstool::pgn {

namespace {

// Clocks are recorded to the second (lichess) or the tenth; a clock rounded up by a
// part of a second is not a fault.
constexpr double kTolerance = 1.0;

const char* side_name(Color c) { return c == White ? "white" : "black"; }

}  // namespace

std::string clock_text(double seconds) {
  const bool negative = seconds < 0;
  double s = std::fabs(seconds);
  const long whole = long(s);
  const int tenths = int(std::lround((s - double(whole)) * 10));
  char buf[48];
  if (whole >= 3600)
    std::snprintf(buf, sizeof buf, "%s%ld:%02ld:%02ld", negative ? "-" : "", whole / 3600, whole / 60 % 60, whole % 60);
  else
    std::snprintf(buf, sizeof buf, "%s%ld:%02ld", negative ? "-" : "", whole / 60, whole % 60);
  std::string out = buf;
  if (tenths > 0 && tenths < 10) out += "." + std::to_string(tenths);
  return out;
}

void ClockCheck::start(const std::string* tag) {
  tc_ = parse_time_control(tag);
  tag_ = tag ? *tag : std::string();
  said_above_ = said_growth_ = false;
  for (Side& s : sides_) {
    s = Side{};
    if (!active()) continue;
    s.walk.emplace(tc_.periods);
    s.allowed = s.walk->start();
  }
}

std::optional<std::string> ClockCheck::clock(Color mover, int moves, double seconds) {
  if (!active()) return std::nullopt;
  Side& s = sides_[mover];
  // The growth test needs the clock of the mover's move just before this one.
  const bool follows = s.last && s.walked == moves - 1;
  while (s.walked < moves) {
    s.last_gain = s.walk->next_move();
    s.allowed += s.last_gain;
    ++s.walked;
  }
  std::optional<std::string> fault;
  if (seconds < 0 && !said_above_) {
    said_above_ = true;
    fault = std::string(side_name(mover)) + "'s clock is negative (" + clock_text(seconds) + ")";
  } else if (seconds > double(s.allowed) + kTolerance && !said_above_) {
    said_above_ = true;
    fault = std::string(side_name(mover)) + "'s clock shows " + clock_text(seconds) + ", more than the time control " +
            tag_ + " allows by this move (" + clock_text(double(s.allowed)) + ")";
  } else if (follows && seconds > *s.last + double(s.last_gain) + kTolerance && !said_growth_) {
    said_growth_ = true;
    fault = std::string(side_name(mover)) + "'s clock grows from " + clock_text(*s.last) + " to " + clock_text(seconds) +
            ", more than the move adds (" + std::to_string(s.last_gain) + " s)";
  }
  s.last = seconds;
  return fault;
}

}  // namespace chesstool::pgn
