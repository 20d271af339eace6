// SPDX-License-Identifier: MIT
// validate's progress line on a terminal: redrawn at most five times a second, never
// wider than the terminal (a long path is shortened from the left, so the line never
// wraps into stacked debris), with the percent of the input and the time left when the
// input's size is known.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "output/progress_text.hpp"

namespace chesstool::cli {

// The size of the input in bytes, when every input is a plain (uncompressed) regular
// file whose bytes the splitter reads one for one; nullopt otherwise (standard input,
// pipes, compressed files and archives).
std::optional<std::uint64_t> plain_input_size(const std::vector<std::string>& files);

class ProgressLine {
 public:
  explicit ProgressLine(std::optional<std::uint64_t> total_bytes);
  // Redraws the line unless it was drawn less than 200 ms ago. bytes_read: the input's
  // bytes read so far.
  void update(const std::string& name, std::uint64_t games, std::uint64_t invalid, std::uint64_t bytes_read);
  // Erases the line (before a diagnostic or the summary is written).
  void clear() const;

 private:
  std::optional<std::uint64_t> total_;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace chesstool::cli
