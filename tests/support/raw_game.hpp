// SPDX-License-Identifier: MIT
// A RawGame made from text, as if it were the first game of a file.
#pragma once

#include <string>
#include <utility>

#include "pgn/game_splitter.hpp"

namespace chesstool::testing {

inline pgn::RawGame raw_game(std::string text) {
  pgn::RawGame g;
  g.text = std::move(text);
  g.index = 1;
  g.line = 1;
  return g;
}

}  // namespace chesstool::testing
