// SPDX-License-Identifier: MIT
// Runs the game checker on PGN text held in memory (test helper).
#pragma once

#include <string>
#include <vector>

#include "pgn/replay.hpp"
#include "pgn/game_splitter.hpp"
#include "io/source.hpp"

namespace chesstool::testing {

inline std::vector<pgn::GameReport> check_source(io::ByteSource& source, bool strict) {
  pgn::GameSplitter splitter(source);
  pgn::RawGame raw;
  std::vector<pgn::GameReport> out;
  pgn::ReplayOptions options;
  options.strict = strict;
  while (splitter.next(raw)) out.push_back(pgn::check_game(raw, options));
  return out;
}

inline std::vector<pgn::GameReport> check_text(const std::string& text, bool strict = false) {
  io::ByteSource source = io::ByteSource::from_memory(text);
  return check_source(source, strict);
}

inline std::vector<pgn::GameReport> check_file(const std::string& path, bool strict = false) {
  io::ByteSource source(path);
  return check_source(source, strict);
}

inline bool has_code(const std::vector<pgn::Diagnostic>& list, const std::string& code) {
  for (const auto& d : list)
    if (d.code == code) return true;
  return false;
}

}  // namespace chesstool::testing
