// SPDX-License-Identifier: MIT
// The game tree: iterative release, so any nesting depth is safe.
#include "pgn/game.hpp"

#include <new>

#include "pgn/standard_tags.hpp"

#include "pgn/movetext_parser.hpp"

namespace chesstool::pgn {

namespace {

// release_line's fallback when its work list cannot grow (out of memory, as when a game
// being built ran the machine out of it and is destroyed while that error unwinds: a
// destructor that throws then would end the process). Recursion: as deep as the
// variations nest, which the replayer and the JSON reader bound (kMaxVariationDepth).
void release_line_recursively(Line& line) noexcept {
  for (Node& n : line)
    if (NodeExtras* e = n.extras_if_any())
      for (Line& v : e->variations) release_line_recursively(v);
  line.clear();
}

}  // namespace

void release_line(Line& line) noexcept {
  // Most lines have no variation: their nodes are shallow already, and no work list is made.
  bool deep = false;
  for (const Node& n : line) deep = deep || n.has_variations();
  if (!deep) {
    line.clear();
    return;
  }
  // Moving every variation out onto a work list before its node dies keeps each
  // destructor shallow: nodes are destroyed holding only empty lines.
  std::vector<Line> pending;
  try {
    pending.push_back(std::move(line));
  } catch (const std::bad_alloc&) {
    release_line_recursively(line);
    return;
  }
  line.clear();
  while (!pending.empty()) {
    Line l = std::move(pending.back());
    pending.pop_back();
    for (Node& n : l) {
      NodeExtras* e = n.extras_if_any();
      if (!e) continue;
      for (Line& v : e->variations) {
        if (v.empty()) continue;
        try {
          pending.push_back(std::move(v));
        } catch (const std::bad_alloc&) {
          release_line_recursively(v);
        }
      }
    }
  }
}

Game& Game::operator=(Game&& other) noexcept {
  if (this != &other) {
    release_line(moves);
    tags = std::move(other.tags);
    start = other.start;
    start_fen = std::move(other.start_fen);
    mainline = std::move(other.mainline);
    moves = std::move(other.moves);
    comment = std::move(other.comment);
    result = std::move(other.result);
  }
  return *this;
}

const std::string* Game::tag(std::string_view name) const { return tag_value_any_case(tags, name); }

bool Game::has_tag_spelt(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (same_tag_name(k, name)) return true;
  return false;
}

}  // namespace chesstool::pgn
