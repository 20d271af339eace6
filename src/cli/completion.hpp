// SPDX-License-Identifier: MIT
// The bash completion, generated from the command line itself: every subcommand, every
// option and every option's choices come from the same tables the parser uses.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace chesstool::cli {

// The bash completion script for app (`chesstool --generate-completion bash`;
// completions/chesstool.bash is its output, checked by a test).
std::string bash_completion(const CLI::App& app);

}  // namespace chesstool::cli
