// SPDX-License-Identifier: MIT
// The compiled-in ECO table's layout; the data is generated at build time (eco_gen).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/types.hpp"

namespace chesstool::openings::detail {

// One named position: its repetition key (core/zobrist.hpp: pieces, side to move,
// castling rights, en passant only when capturable), its ECO code, its name (index
// into kEcoNames) and the number of moves of the table line that names it.
struct EcoEntry {
  Key key;
  char eco[3];
  std::uint16_t name;
  std::uint8_t ply;
};

extern const char* const kEcoNames[];
extern const EcoEntry kEcoEntries[];  // sorted by key, one entry per key
extern const std::size_t kEcoEntryCount;
extern const std::size_t kEcoNameCount;
extern const std::size_t kEcoLineCount;  // TSV lines read (several may share a position)
extern const int kEcoMaxPly;             // the longest line's moves

}  // namespace chesstool::openings::detail
