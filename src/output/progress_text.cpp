// SPDX-License-Identifier: MIT
// The progress line's text: counts, percent and time left, cut to the terminal's width.
#include "output/progress_text.hpp"

#include "output/display_width.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace chesstool::output {

namespace {

// Columns the text takes (terminal_safe left it no control characters).
std::size_t columns_of(std::string_view s) { return std::size_t(display_width(s)); }

// The end of s that takes at most `columns` columns, whole characters only, and none
// that would stand alone without the character it marks (a combining mark first).
std::string last_columns(std::string_view s, std::size_t columns) {
  std::size_t from = s.size(), taken = 0;
  while (from > 0) {  // a character at a time from the end
    std::size_t begin = from - 1;
    while (begin > 0 && (static_cast<unsigned char>(s[begin]) & 0xC0) == 0x80 && from - begin < 4) --begin;
    const std::size_t w = std::size_t(display_width(s.substr(begin, from - begin)));
    if (taken + w > columns) break;
    taken += w;
    from = begin;
  }
  for (std::size_t i = from; i < s.size();) {  // marks of a character cut off go with it
    std::size_t next = i;
    if (!is_mark(next_code_point(s, next))) break;
    from = i = next;
  }
  return std::string(s.substr(from));
}

// The start of s that takes at most `columns` columns, whole characters only.
std::string first_columns(std::string_view s, std::size_t columns) {
  std::size_t at = 0, taken = 0;
  while (at < s.size()) {
    std::size_t next = at;
    const std::size_t w = std::size_t(character_width(next_code_point(s, next)));
    if (taken + w > columns) break;
    taken += w;
    at = next;
  }
  return std::string(s.substr(0, at));
}

}  // namespace

std::string progress_text(const std::string& name, std::uint64_t games, std::uint64_t invalid,
                          std::optional<double> fraction, std::optional<double> seconds_left, int columns) {
  std::string stats = fmt::format(": {} games, {} invalid", games, invalid);
  if (fraction) stats += fmt::format(", {}%", int(std::min(1.0, std::max(0.0, *fraction)) * 100));
  if (seconds_left) {
    const long s = long(*seconds_left + 0.5);
    stats += s >= 3600 ? fmt::format(", {}:{:02}:{:02} left", s / 3600, s / 60 % 60, s % 60)
                       : fmt::format(", {}:{:02} left", s / 60, s % 60);
  }
  const std::string head = "validating ";
  const std::size_t room = columns > 1 ? std::size_t(columns - 1) : 0;
  std::string line = head + name + stats;
  if (columns_of(line) <= room) return line;
  // Shorten the name from its left: its end (the file name) says the most. On a terminal
  // too narrow for eight of its characters, the counts alone.
  const std::size_t fixed = columns_of(head) + columns_of(stats) + 3;
  if (room >= fixed + 8) return head + "..." + last_columns(name, room - fixed) + stats;
  return first_columns(std::string_view(stats).substr(2), room);
}

}  // namespace chesstool::output
