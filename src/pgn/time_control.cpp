// SPDX-License-Identifier: MIT
// The TimeControl tag's periods (PGN standard 9.6.1) and a player's walk through them.
#include "pgn/time_control.hpp"

namespace chesstool::pgn {

namespace {

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

// One field of the tag; false when it matches none of the four forms.
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

TimeControl parse_time_control(const std::string* tag) {
  TimeControl tc;
  if (!tag) {
    tc.problem = TimeProblem::Missing;
    return tc;
  }
  const std::string_view v = *tag;
  if (v == "?" || v == "-") {
    tc.problem = v == "?" ? TimeProblem::Unknown : TimeProblem::Untimed;
    return tc;
  }
  std::size_t start = 0;
  for (;;) {
    const std::size_t colon = v.find(':', start);
    std::string_view field = v.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start);
    TimePeriod p;
    if (!parse_period(field, p) || (p.sandclock && (start > 0 || colon != std::string_view::npos))) {
      tc.periods.clear();
      tc.problem = TimeProblem::Unparseable;
      return tc;
    }
    tc.periods.push_back(p);
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  return tc;
}

PeriodWalk::PeriodWalk(const std::vector<TimePeriod>& periods) : periods_(&periods) {}

std::int64_t PeriodWalk::start() const { return periods_->empty() ? 0 : periods_->front().seconds; }

}  // namespace chesstool::pgn
