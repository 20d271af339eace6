// SPDX-License-Identifier: MIT
// Exit statuses shared by every subcommand (grep convention: 2 wins over 1).
#pragma once

namespace chesstool::cli {

enum class ExitCode : int {
  Ok = 0,        // all input good / command succeeded
  Negative = 1,  // input checked and found wrong (invalid game, invalid FEN as data, perft mismatch)
  Error = 2,     // usage error, unreadable file, bad argument
};

inline ExitCode worst(ExitCode a, ExitCode b) { return int(a) > int(b) ? a : b; }

}  // namespace chesstool::cli
