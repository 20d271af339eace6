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

// How a game copied as read, `first`, and `second`, written after an empty line, are
// read back. A game that did not end at its marker (tags only, a pairing; comments only;
// moves without a result) ends only where what follows starts a game, which in its file
// the next game did, but the game after it in an output may not ("[White \"A\"]" then
// "[Site \"x\"] ..." read as one game, the second game's players lost; "1. e4 e5" then
// "{B} 1. d4" one game of four moves). "*", on a line of its own, ends it (WithMarker),
// and is written only when it does. In a comment or a variation left open it would
// change that text and still not end the game, and only a tag pair would: a second game
// without tags is then read as part of the first (Merged), which the writer says.
enum class Joining { Apart, WithMarker, Merged };
inline Joining joining(std::string_view first, std::string_view eol, std::string_view second) {
  if (pgn::joined_apart(first, eol, second)) return Joining::Apart;
  std::string marked(first);
  marked.append(eol).append("*");
  return pgn::joined_apart(marked, eol, second) ? Joining::WithMarker : Joining::Merged;
}

// The warning for a game that is read back as part of the game written before it
// (Joining::Merged), at its place in its input: its file's display name ("x.zip:a.pgn")
// and its first line.
inline std::string merged_game_warning(std::string_view file, std::uint64_t line) {
  return std::string(file) + ":" + std::to_string(line) +
         ": warning: this game is written after a game left inside an open comment or variation, which no "
         "termination marker ends: read back, the two are one game [merges-into-previous-game]";
}

// Each game ends with a line end and is separated from the one before by an empty line, in
// the game's own line-end style (CRLF stays CRLF); a game that did not end at its marker
// gets one when the next would run into it (needs_marker).
class VerbatimGames {
 public:
  // Writes text (the game raw's, or its text with a tag added) into out, after the
  // `written` games already there, and counts it. False when it will be read back as part
  // of the game before it (Joining::Merged): the caller warns (merged_game_warning).
  bool write(OutputFile& out, std::uint64_t& written, const pgn::RawGame& raw, std::string_view text) {
    const std::string_view eol = pgn::line_end_of(raw);
    Joining join = Joining::Apart;
    if (written > 0) {
      if (const auto open = open_.find(&out); open != open_.end() && !open->second.empty())
        join = joining(open->second, eol, text);
      if (join == Joining::WithMarker) {
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
    return join != Joining::Merged;
  }
  // Something else ended with a game of its own was written to out (the converted games,
  // when --rejects shares their standard output): no game of out's is open any more.
  void closed_by_other(const OutputFile& out) { open_.erase(&out); }

 private:
  std::unordered_map<const OutputFile*, std::string> open_;  // per output: its last game, when it has no movetext
};

}  // namespace chesstool::cli
