// SPDX-License-Identifier: MIT
// Registration of every subcommand: each setup_* adds its options to the app and returns
// a runner to call when the subcommand was chosen.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

#include "cli/exit_code.hpp"

namespace chesstool::cli {

using Runner = std::function<ExitCode()>;

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
