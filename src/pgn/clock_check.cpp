// SPDX-License-Identifier: MIT
// The clock check: each player's clock walked through the TimeControl periods.
#include "pgn/clock_check.hpp"

#include <cmath>
#include <cstdio>

namespace chesstool::pgn {

namespace {

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
  if (tenths > 0 && tenths < 10) out.append(1, '.').append(std::to_string(tenths));
  return out;
}

void ClockCheck::start(const std::string* tag) {
  tc_ = parse_time_control(tag);
  tag_ = tag ? *tag : std::string();
  said_above_ = said_growth_ = false;
  said_by_last_ = 0;
  for (Side& s : sides_) {
    s = Side{};
    if (!active()) continue;
    s.walk.emplace(tc_.periods);
    s.allowed = s.walk->start();
  }
}

// The text of the fault clock() found (each kind said once a game).
std::optional<std::string> ClockCheck::fault(Color mover, const Side& s, int moves, double seconds) {
  // Marks the kind said, and by whom, so that a second clock after the move can take it back.
  auto say = [&](bool above) {
    (above ? said_above_ : said_growth_) = true;
    said_by_last_ = mover + 1;
    said_above_by_last_ = above;
    return std::string(side_name(mover)) + "'s clock";
  };
  if (seconds < 0 && !said_above_) return say(true) + " is negative (" + clock_text(seconds) + ")";
  if (seconds > double(s.allowed) + kTolerance && !said_above_)
    return say(true) + " shows " + clock_text(seconds) + ", more than the time control " + tag_ +
           " allows by this move (" + clock_text(double(s.allowed)) + ")";
  if (!s.before || said_growth_ || seconds <= *s.before + double(s.gain) + kTolerance) return std::nullopt;
  const std::string grows = say(false) + " grows from " + clock_text(*s.before) + " to " + clock_text(seconds);
  const int span = moves - s.before_moves;
  if (span == 1) return grows + ", more than the move adds (" + std::to_string(s.gain) + " s)";
  return grows + " over " + std::to_string(span) + " moves, more than they add (" + std::to_string(s.gain) + " s)";
}

}  // namespace chesstool::pgn
