// SPDX-License-Identifier: MIT
// The text of validate's progress line, fitted to a terminal's width (cli/progress.hpp
// draws it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace chesstool::output {

// "validating NAME: GAMES games, INVALID invalid[, P%, M:SS left]" fitted into `columns`
// terminal columns (one kept free, so the cursor never wraps): the name is cut from its
// left behind "...", then, on a very narrow terminal, the whole line. name must already
// be safe for the terminal. fraction: the part of the input read (0..1), when known;
// left: the time still to go, when it can be told.
std::string progress_text(const std::string& name, std::uint64_t games, std::uint64_t invalid,
                          std::optional<double> fraction, std::optional<double> seconds_left, int columns);

}  // namespace chesstool::output
