// SPDX-License-Identifier: MIT
// The progress line's text: counts, percent and time left, cut to the terminal's width.
#include "output/progress_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace chesstool::output {

namespace {

// Columns the text takes: one per UTF-8 character (terminal_safe leaves no control
// characters, and the wide scripts are rare in file names).
std::size_t columns_of(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

// The last `columns` characters of s, whole UTF-8 characters only.
std::string last_columns(std::string_view s, std::size_t columns) {
  std::size_t at = s.size(), seen = 0;
  while (at > 0 && seen < columns) {
    --at;
    if ((static_cast<unsigned char>(s[at]) & 0xC0) != 0x80) ++seen;
  }
  return std::string(s.substr(at));
}

// The first `columns` characters of s.
std::string first_columns(std::string_view s, std::size_t columns) {
  std::size_t at = 0, seen = 0;
  while (at < s.size()) {
    if ((static_cast<unsigned char>(s[at]) & 0xC0) != 0x80 && seen++ == columns) break;
    ++at;
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
