// SPDX-License-Identifier: MIT
// Replays one game (mainline and every variation) through the rules engine and reports it.
#pragma once

#include "pgn/game_report.hpp"
#include "pgn/game_splitter.hpp"

namespace chesstool::pgn {

struct CheckOptions {
  // Report lenient notation (0-0, e8Q, Ng1-f3, missing +, ...) as warnings, and the
  // result-tag problems of the adjudication as errors instead of warnings.
  bool strict = false;
};

// Parses and replays one game; never throws for bad input. Every SAN token goes through
// the SAN parser into the rules engine; nothing is trusted from the file.
GameReport check_game(const RawGame& game, const CheckOptions& options);

}  // namespace chesstool::pgn
