// SPDX-License-Identifier: MIT
// dedupe/game_key: the key of a start position and moves, built directly (game_facts_test
// covers the keys of whole games read from PGN).
#include "dedupe/game_key.hpp"

#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "core/fen.hpp"
#include "core/movegen.hpp"

namespace chesstool::dedupe {
namespace {

// The key of the start position followed by the first `n` legal moves of each position.
GameKey key_of(const Position& start, const std::vector<int>& choice) {
  KeyBuilder kb;
  kb.start(start);
  Position pos = start;
  for (int i : choice) {
    MoveList moves;
    generate_legal(pos, moves);
    const Move m = moves.moves[i % moves.size()];
    kb.push(m);
    pos.make_move(m);
  }
  return kb.key();
}

TEST(KeyBuilder, PrefixKeysEqualTheKeysOfShorterBuilds) {
  const std::vector<int> line = {3, 7, 1, 12, 5, 0, 9};
  KeyBuilder kb;
  kb.start(Position::startpos());
  Position pos = Position::startpos();
  for (int i : line) {
    MoveList moves;
    generate_legal(pos, moves);
    kb.push(moves.moves[i % moves.size()]);
    pos.make_move(moves.moves[i % moves.size()]);
  }
  ASSERT_EQ(kb.size(), line.size());
  for (std::size_t n = 0; n <= line.size(); ++n)
    EXPECT_EQ(kb.key(n), key_of(Position::startpos(), std::vector<int>(line.begin(), line.begin() + long(n)))) << n;
}

TEST(KeyBuilder, PrefixKeysInOnePassEqualKeyOfEachPrefix) {
  // prefix_keys hashes as it goes (XXH3's streaming form): the same keys as key(n), across
  // the sizes where XXH3 changes its way (16, 128 and 240 bytes, its 1 KiB blocks).
  KeyBuilder kb;
  kb.start(Position::startpos());
  Position pos = Position::startpos();
  for (int i = 0; i < 700; ++i) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.size() == 0) break;
    kb.push(moves.moves[std::size_t(i * 7 + 3) % moves.size()]);
    pos.make_move(moves.moves[std::size_t(i * 7 + 3) % moves.size()]);
  }
  ASSERT_GT(kb.size(), 500u);
  std::vector<GameKey> prefixes;
  kb.prefix_keys(prefixes);
  ASSERT_EQ(prefixes.size(), kb.size() - 1);
  for (std::size_t n = 1; n < kb.size(); ++n) ASSERT_EQ(prefixes[n - 1], kb.key(n)) << n;
}

TEST(KeyBuilder, DifferentLinesAndStartsGiveDifferentKeys) {
  std::set<std::pair<std::uint64_t, std::uint64_t>> keys;
  int built = 0;
  for (int a = 0; a < 20; ++a)
    for (int b = 0; b < 20; ++b) {
      const GameKey k = key_of(Position::startpos(), {a, b});
      keys.insert({k.lo, k.hi});
      ++built;
    }
  EXPECT_EQ(keys.size(), std::size_t(built));  // 400 distinct two-move lines
  // The same moves from another start, and the clocks that do not count.
  const Position other = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1").position;
  EXPECT_NE(key_of(Position::startpos(), {}), key_of(other, {}));
  const Position clocks = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30").position;
  EXPECT_EQ(key_of(Position::startpos(), {1, 2}), key_of(clocks, {1, 2}));
}

TEST(KeyBuilder, Hash64IsStableAndSeesEveryByte) {
  EXPECT_EQ(hash64("Carlsen, Magnus"), hash64(std::string("Carlsen, Magnus")));
  EXPECT_NE(hash64("Carlsen, Magnus"), hash64("Carlsen, Magnu"));
  EXPECT_NE(hash64(std::string("a\0b", 3)), hash64(std::string("a\0c", 3)));
}

}  // namespace
}  // namespace chesstool::dedupe
