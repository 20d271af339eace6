// SPDX-License-Identifier: MIT
// Usage errors in chesstool's words (exit status 2, "chesstool: error: ..." on standard error).
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chesstool::cli {

// A first argument that is neither an option nor a subcommand: "unknown command 'x'", with
// the nearest subcommand when it is a likely typo (at most two edits away). None for an
// option or a subcommand.
std::optional<std::string> unknown_command(const CLI::App& app, std::string_view word);

// "--" before any command ("chesstool -- validate x"): it ends the options of a command,
// so the command must come first. None when a command comes before the first "--".
// args: the command line after argv[0].
std::optional<std::string> dashes_before_command(const CLI::App& app, const std::vector<std::string_view>& args);

// A parse error of CLI11 in our words: the unknown option or stray argument and the command
// it was given to, an option without its value or given twice, an empty value, a number
// out of range; CLI11's own words where they stand, with the option named as typed.
// args: the command line after argv[0].
std::string usage_error_words(const CLI::App& app, const CLI::ParseError& e, const std::vector<std::string_view>& args);

}  // namespace chesstool::cli
