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

// Whether a game copied as read, `first`, needs a termination marker after it for
// `second`, written after an empty line, to be read as a game of its own: a game that did
// not end at its marker (tags only, a pairing; comments only; moves without a result)
// ends only where what follows starts a game, which in its file the next game did, but
// the game after it in an output may not ("[White \"A\"]" then "[Site \"x\"] ..." read as
// one game, the second game's players lost; "1. e4 e5" then "{B} 1. d4" one game of four
// moves). "*", on a line of its own, ends it, and is written only when it does (in a
// comment left open it would change the comment and still not end the game).
inline bool needs_marker(std::string_view first, std::string_view eol, std::string_view second) {
  if (pgn::joined_apart(first, eol, second)) return false;
  std::string marked(first);
  marked.append(eol).append("*");
  return pgn::joined_apart(marked, eol, second);
}

// Each game ends with a line end and is separated from the one before by an empty line, in
// the game's own line-end style (CRLF stays CRLF); a game that did not end at its marker
// gets one when the next would run into it (needs_marker).
class VerbatimGames {
 public:
  // Writes text (the game raw's, or its text with a tag added) into out, after the
  // `written` games already there, and counts it.
  void write(OutputFile& out, std::uint64_t& written, const pgn::RawGame& raw, std::string_view text) {
    const std::string_view eol = pgn::line_end_of(raw);
    if (written > 0) {
      if (const auto open = open_.find(&out);
          open != open_.end() && !open->second.empty() && needs_marker(open->second, eol, text)) {
        out.write("*");
        out.write(eol);
      }
      out.write(eol);
    }
    out.write(text);
    out.write(eol);
    ++written;
    // Kept only for a game that may run into the next (rare: no marker to end it).
    if (!raw.has_movetext || !raw.ended_at_marker) open_[&out].assign(text);
    else if (const auto open = open_.find(&out); open != open_.end()) open->second.clear();
  }

 private:
  std::unordered_map<const OutputFile*, std::string> open_;  // per output: its last game, when it has no movetext
};

}  // namespace chesstool::cli
