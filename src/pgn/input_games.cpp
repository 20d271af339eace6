// SPDX-License-Identifier: MIT
#include "pgn/input_games.hpp"

#include <string_view>
#include <utility>

namespace chesstool::pgn {

bool InputGames::next(RawGame& out) {
  for (;;) {
    if (!splitter_) {
      if (!source_.next_member()) return false;
      splitter_ = std::make_unique<GameSplitter>(source_);
    }
    if (has_pending_) {
      // A game read after the fault: safe when another one follows it, or when it
      // ended at its termination marker (the splitter knows; a text that merely ends
      // with "1-0" may be a tag value or a comment cut there).
      RawGame following;
      if (splitter_->next(following)) {
        following.member = source_.member();
        std::swap(out, pending_);
        pending_ = std::move(following);
        pending_at_marker_ = splitter_->last_ended_at_marker();
        return true;
      }
      has_pending_ = false;
      if (pending_at_marker_) {
        out = std::move(pending_);
        return true;
      }
      cut_line_ = pending_.line;
      return false;
    }
    if (splitter_->next(out)) {
      out.member = source_.member();
      if (!source_.error()) return true;
      pending_ = std::move(out);
      pending_at_marker_ = splitter_->last_ended_at_marker();
      has_pending_ = true;
      continue;
    }
    lines_done_ += splitter_->line_ends();
    escapes_done_ += splitter_->escape_lines();
    splitter_.reset();
    if (source_.error()) return false;
  }
}

std::string InputGames::error_message() const {
  std::string m = source_.error() ? *source_.error() : std::string();
  if (cut_line_) m += "; the game at line " + std::to_string(cut_line_) + ", cut off there, is left out";
  return m;
}

}  // namespace chesstool::pgn
