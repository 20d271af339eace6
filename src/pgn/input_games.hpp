// SPDX-License-Identifier: MIT
// The games of one input, read member after member, with the game a read fault cut off
// held back rather than replayed as if it were whole.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "io/source.hpp"
#include "pgn/game_splitter.hpp"

namespace chesstool::pgn {

// The games of one input, member after member (see io::ByteSource), each with its
// member's name. A game cut off by a read error (truncated or corrupt data) is held back:
// its text ends where the data broke off, and replaying it would report syntax errors
// that are not in the file. The error message then says which game was left out.
class InputGames {
 public:
  explicit InputGames(io::ByteSource& source) : source_(source) {}

  // The next game; false at the end of the input or at an error (source.error()).
  bool next(RawGame& out);

  // Line ends read so far: every member read to its end, and the one an error stopped.
  std::uint64_t line_ends() const { return lines_done_ + (splitter_ ? splitter_->line_ends() : 0); }
  // Escape lines ('%' in column 1) read so far, as line_ends() counts.
  std::uint64_t escape_lines() const { return escapes_done_ + (splitter_ ? splitter_->escape_lines() : 0); }

  // The source's error, and the game it cut off, if any.
  std::string error_message() const;

 private:
  io::ByteSource& source_;
  std::unique_ptr<GameSplitter> splitter_;
  RawGame pending_;
  bool has_pending_ = false;
  bool pending_at_marker_ = false;  // pending_ ended at its termination marker
  std::uint64_t lines_done_ = 0;
  std::uint64_t escapes_done_ = 0;
  std::uint64_t cut_line_ = 0;
};

}  // namespace chesstool::pgn
