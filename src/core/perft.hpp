// SPDX-License-Identifier: MIT
// Perft: counting the leaf nodes of the legal move tree, single- or multi-threaded.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/dispatch.hpp"
#include "core/move.hpp"
#include "core/position.hpp"

namespace chesstool {

struct PerftOptions {
  int threads = 1;          // root moves are shared among this many threads
  std::size_t hash_mb = 0;  // transposition table size; 0 = none (allocated only for depth >= 4)
  // Instruction-set path of the search (dispatch.hpp); unset = dispatch_path(). It must
  // be one this CPU supports (isa_path_supported).
  std::optional<IsaPath> path;
};

struct DivideEntry {
  Move move;
  std::uint64_t nodes;
};

// Thrown by perft and perft_divide when the transposition table of options.hash_mb
// megabytes cannot be allocated (or its size in bytes does not fit in a size_t).
// what() is "cannot allocate a <hash_mb> MB transposition table".
class HashAllocationError : public std::runtime_error {
 public:
  explicit HashAllocationError(std::size_t megabytes);
  std::size_t megabytes() const noexcept { return megabytes_; }

 private:
  std::size_t megabytes_;
};

// The largest count: a tree with more leaves counts as this (kPerftCountMax), so that
// it says so rather than wrap round to a small number.
inline constexpr std::uint64_t kPerftCountMax = ~std::uint64_t{0};
// a + b, or kPerftCountMax when the sum reaches past it.
[[gnu::always_inline]] inline std::uint64_t perft_sum(std::uint64_t a, std::uint64_t b) {
  std::uint64_t s;
  return __builtin_add_overflow(a, b, &s) ? kPerftCountMax : s;
}

// Leaf nodes at `depth` plies below pos (depth 0, or below, counts 1). Any depth works
// (at least 0..64 are tested): the search keeps its move lists on the heap, about 2 KB a
// ply for each thread, not on the threads' stacks. A count of 2^64 - 1 or more is
// kPerftCountMax.
std::uint64_t perft(const Position& pos, int depth, const PerftOptions& options = {});
// Per root move counts, in generation order (each at most kPerftCountMax); their sum
// (perft_sum) is perft(pos, depth). Empty for depth <= 0.
std::vector<DivideEntry> perft_divide(const Position& pos, int depth, const PerftOptions& options = {});

}  // namespace chesstool
