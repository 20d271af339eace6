// SPDX-License-Identifier: MIT
// Perft: counting the leaf nodes of the legal move tree, single- or multi-threaded.
#pragma once

#include <cstdint>
#include <vector>

#include "core/move.hpp"
#include "core/position.hpp"

namespace chesstool {

struct PerftOptions {
  int threads = 1;          // root moves are shared among this many threads
  std::size_t hash_mb = 0;  // transposition table size; 0 = none
};

struct DivideEntry {
  Move move;
  std::uint64_t nodes;
};

// Leaf nodes at `depth` plies below pos (depth 0 counts 1).
std::uint64_t perft(const Position& pos, int depth, const PerftOptions& options = {});
// Per root move counts, in generation order; their sum is perft(pos, depth).
std::vector<DivideEntry> perft_divide(const Position& pos, int depth, const PerftOptions& options = {});

}  // namespace chesstool
