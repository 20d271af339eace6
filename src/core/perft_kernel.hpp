// SPDX-License-Identifier: MIT
// The perft kernels: perft_kernel.cpp compiled once per instruction-set path, each copy
// in a namespace of its own (see dispatch.hpp for why and which). Private to src/core.
#pragma once

#include <cstdint>

#include "core/move.hpp"
#include "core/position.hpp"

namespace chesstool {

class PerftTable;

// Leaf nodes `depth` (at least 1) plies below pos, with the optional table. lists[d],
// for d = 2..depth, is the move list of the node d plies above the leaves.
using PerftKernel = std::uint64_t (*)(const Position& pos, int depth, PerftTable* table, MoveList* lists);

namespace isa_baseline { std::uint64_t perft_count(const Position&, int, PerftTable*, MoveList*); }
#if CHESSTOOL_ISA_KERNELS
namespace isa_popcnt { std::uint64_t perft_count(const Position&, int, PerftTable*, MoveList*); }
namespace isa_bmi2 { std::uint64_t perft_count(const Position&, int, PerftTable*, MoveList*); }
namespace isa_pext { std::uint64_t perft_count(const Position&, int, PerftTable*, MoveList*); }
#endif

}  // namespace chesstool
