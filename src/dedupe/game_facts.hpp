// SPDX-License-Identifier: MIT
// What dedupe needs to know about one game: whether it replays, its key, and what the
// --keep and --embedded rules compare.
#pragma once

#include <cstdint>
#include <vector>

#include "dedupe/game_key.hpp"
#include "pgn/game_report.hpp"
#include "pgn/game_splitter.hpp"

namespace chesstool::dedupe {

struct GameFacts {
  bool valid = false;      // every move (mainline and variations) replays: validate's verdict
  pgn::GameReport report;  // kept when !valid, to say why
  GameKey key;             // start position + mainline moves, or + tags without moves (valid games only)
  std::uint32_t plies = 0;
  std::uint32_t tags = 0;         // tag pairs, a repeated name's each (--keep most-tags)
  std::uint32_t annotations = 0;  // comments, NAGs (suffix glyphs included) and variations (--keep most-annotated)
  std::uint64_t players = 0;      // hash of White and Black as written (--embedded)
  std::uint32_t date = 0;         // hash of the Date tag, 0 when it has no digit (unknown)
  std::uint8_t result = 0;        // the result recorded: kUnfinished, or 1-0, 0-1, 1/2-1/2 as 1, 2, 3 (--embedded)
  std::vector<GameKey> prefixes;  // with_prefixes: keys of the first 1 .. plies-1 moves
};

// Replays raw (the one replayer, mainline kept) and fills the facts. with_prefixes also
// computes the key of every proper prefix of the mainline (--embedded). Never throws
// for bad input.
GameFacts read_game_facts(const pgn::RawGame& raw, bool with_prefixes);

// --embedded's "Date equal where both have one": equal hashes, or either unknown (0).
constexpr bool dates_compatible(std::uint32_t a, std::uint32_t b) { return a == 0 || b == 0 || a == b; }

// A game recorded as unfinished ("*", or no result at all).
inline constexpr std::uint8_t kUnfinished = 0;
// --embedded's results: a shorter game can be the start of a longer one only when it was
// not finished, or when it records the longer game's result (a copy cut short). A game
// that ended 1-0 after its last move did not go on.
constexpr bool results_compatible(std::uint8_t shorter, std::uint8_t longer) {
  return shorter == kUnfinished || shorter == longer;
}

}  // namespace chesstool::dedupe
