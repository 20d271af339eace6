// SPDX-License-Identifier: MIT
// Games copied byte for byte into an output (filter, dedupe, convert --rejects), joined so
// that they read back as the same games.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "cli/output_file.hpp"
#include "pgn/game_splitter.hpp"

namespace chesstool::cli {

// Each game ends with a line end and is separated from the one before by an empty line, in
// the game's own line-end style (CRLF stays CRLF). A game without movetext (tags only, a
// pairing; or comments only) ends only where what follows starts a game: in its file the
// next game did, but the game after it in an output may not ("[White \"A\"]" then
// "[Site \"x\"] ..." read as one game, the second game's players lost). Such a game gets
// a termination marker, "*", on a line of its own after its text, and only then.
class VerbatimGames {
 public:
  // Writes text (the game raw's, or its text with a tag added) into out, after the
  // `written` games already there, and counts it.
  void write(OutputFile& out, std::uint64_t& written, const pgn::RawGame& raw, std::string_view text) {
    const std::string_view eol = pgn::line_end_of(raw);
    if (written > 0) {
      if (const auto open = open_.find(&out);
          open != open_.end() && !open->second.empty() && !pgn::joined_apart(open->second, eol, text)) {
        out.write("*");
        out.write(eol);
      }
      out.write(eol);
    }
    out.write(text);
    out.write(eol);
    ++written;
    // Kept only for a game that may run into the next (rare: no movetext at all).
    if (!raw.has_movetext) open_[&out].assign(text);
    else if (const auto open = open_.find(&out); open != open_.end()) open->second.clear();
  }

 private:
  std::unordered_map<const OutputFile*, std::string> open_;  // per output: its last game, when it has no movetext
};

}  // namespace chesstool::cli
