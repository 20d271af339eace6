// SPDX-License-Identifier: MIT
// FIDE time-control class of a game from its PGN TimeControl tag (PGN standard 9.6.1).
#include "tournament/time_control.hpp"

#include <algorithm>

namespace chesstool::tournament {

namespace {

// FIDE Laws Appendix A.1 and B.1 count "60 times any increment": the game is assumed to
// last 60 moves, as in the FIDE Rating Regulations 1.1 for multi-period controls.
constexpr int kAssumedMoves = 60;
// Digits accepted in one number: keeps every sum far from overflow (10^9 s is 31 years).
constexpr std::size_t kMaxDigits = 9;

bool parse_number(std::string_view s, std::int64_t& out) {
  if (s.empty() || s.size() > kMaxDigits) return false;
  std::int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = v;
  return true;
}

// One field of the tag (PGN 9.6.1); false when it matches none of the four forms.
bool parse_period(std::string_view field, TimePeriod& p) {
  if (!field.empty() && field[0] == '*') {
    p.sandclock = true;
    return parse_number(field.substr(1), p.seconds) && p.seconds > 0;
  }
  if (auto slash = field.find('/'); slash != std::string_view::npos) {
    std::int64_t moves = 0;
    if (!parse_number(field.substr(0, slash), moves) || moves == 0 || moves > 1000) return false;
    p.moves = int(moves);
    field = field.substr(slash + 1);
  }
  if (auto plus = field.find('+'); plus != std::string_view::npos) {
    if (!parse_number(field.substr(plus + 1), p.increment)) return false;
    field = field.substr(0, plus);
  }
  return parse_number(field, p.seconds);
}

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

const char* time_problem_text(TimeProblem p) {
  switch (p) {
    case TimeProblem::None: return "";
    case TimeProblem::Missing: return "no TimeControl tag";
    case TimeProblem::Unknown: return "time control unknown (?)";
    case TimeProblem::Untimed: return "no time control (-)";
    case TimeProblem::Unparseable: return "unparseable TimeControl";
  }
  return "";
}

TimeClass time_class_of_seconds(std::int64_t seconds) {
  if (seconds >= 60 * 60) return TimeClass::Standard;  // 60 minutes or more
  if (seconds > 10 * 60) return TimeClass::Rapid;      // Appendix A.1: more than 10, less than 60
  return TimeClass::Blitz;                             // Appendix B.1: 10 minutes or less
}

TimeControlInfo classify_time_control(const std::string* tag) {
  TimeControlInfo info;
  if (!tag) {
    info.problem = TimeProblem::Missing;
    return info;
  }
  const std::string_view v = *tag;
  if (v == "?") {
    info.problem = TimeProblem::Unknown;
    return info;
  }
  if (v == "-") {
    info.problem = TimeProblem::Untimed;
    return info;
  }
  std::size_t start = 0;
  for (;;) {
    std::size_t colon = v.find(':', start);
    std::string_view field = v.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start);
    TimePeriod p;
    if (!parse_period(field, p)) {
      info.periods.clear();
      info.problem = TimeProblem::Unparseable;
      return info;
    }
    info.periods.push_back(p);
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  // A sandclock gives a fixed time for the whole game, so it stands alone.
  for (const auto& p : info.periods)
    if (p.sandclock && info.periods.size() > 1) {
      info.periods.clear();
      info.problem = TimeProblem::Unparseable;
      return info;
    }

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
