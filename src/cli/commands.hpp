// SPDX-License-Identifier: MIT
// Registration of every subcommand: each setup_* adds its options to the app and returns
// a runner to call when the subcommand was chosen.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <functional>
#include <string>

#include "cli/exit_code.hpp"

namespace chesstool::cli {

using Runner = std::function<ExitCode()>;

// An option's count: digits only, at most max_digits of them, and not 0 when from_one
// (CLI11 alone would read "-5" into an unsigned as 2^64 - 5); `message` otherwise.
inline CLI::Validator whole_number(std::size_t max_digits, bool from_one, std::string message) {
  return CLI::Validator(
      [=](const std::string& s) {
        const bool digits = !s.empty() && s.size() <= max_digits && s.find_first_not_of("0123456789") == std::string::npos;
        const bool ok = digits && (!from_one || s.find_first_not_of('0') != std::string::npos);
        return ok ? std::string() : message;
      },
      "N");
}

Runner setup_fen(CLI::App& app);
Runner setup_perft(CLI::App& app);
Runner setup_validate(CLI::App& app);
Runner setup_convert(CLI::App& app);
Runner setup_board(CLI::App& app);
Runner setup_annotate(CLI::App& app);
Runner setup_report(CLI::App& app);
Runner setup_dedupe(CLI::App& app);
Runner setup_filter(CLI::App& app);

}  // namespace chesstool::cli
