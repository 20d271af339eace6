// SPDX-License-Identifier: MIT
#include "pgn/input_games.hpp"

#include <string_view>
#include <utility>

namespace chesstool::pgn {
namespace {

bool ends_with_result(const std::string& t) {
  for (std::string_view r : {"1-0", "0-1", "1/2-1/2", "*"})
    if (t.size() >= r.size() && std::string_view(t).substr(t.size() - r.size()) == r) return true;
  return false;
}

}  // namespace

bool InputGames::next(RawGame& out) {
  for (;;) {
    if (!splitter_) {
      if (!source_.next_member()) return false;
      splitter_ = std::make_unique<GameSplitter>(source_);
    }
    if (has_pending_) {
      // A game read after the fault: safe when another one follows it, or when it
      // ends with its termination marker.
      RawGame following;
      if (splitter_->next(following)) {
        following.member = source_.member();
        std::swap(out, pending_);
        pending_ = std::move(following);
        return true;
      }
      has_pending_ = false;
      if (ends_with_result(pending_.text)) {
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
      has_pending_ = true;
      continue;
    }
    lines_done_ += splitter_->line_ends();
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
