// SPDX-License-Identifier: MIT
// The Zobrist keys: all distinct, and the incremental key equal to the key computed from
// scratch after every kind of move (captures, castling, en passant, promotion, null).
#include "core/zobrist.hpp"

#include <gtest/gtest.h>

#include <set>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"

namespace chesstool {
namespace {

TEST(Zobrist, KeysAreDistinctAndNonZero) {
  std::set<Key> seen;
  std::size_t n = 0;
  auto add = [&](Key k) {
    EXPECT_NE(k, 0u);
    seen.insert(k);
    ++n;
  };
  for (const auto& row : zobrist::kKeys.piece_square)
    for (Key k : row) add(k);
  for (Key k : zobrist::kKeys.castling_rook) add(k);
  for (Key k : zobrist::kKeys.en_passant_file) add(k);
  add(zobrist::kKeys.black_to_move);
  EXPECT_EQ(seen.size(), n);
}

// Plays every legal move `depth` plies deep and checks the incremental key each time.
void check_keys(const Position& pos, int depth, int& checked) {
  if (depth == 0) return;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    Position next = pos.after(m);
    ASSERT_EQ(next.key(), next.compute_key()) << to_fen(pos) << " " << int(m.from()) << "-" << int(m.to());
    ++checked;
    check_keys(next, depth - 1, checked);
  }
}

TEST(Zobrist, IncrementalKeyEqualsTheKeyFromScratch) {
  // Kiwipete (castling both ways, en passant, promotions near) and a Chess960 position.
  const char* fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1",
  };
  int checked = 0;
  for (const char* fen : fens) {
    FenResult r = parse_fen(fen);
    ASSERT_TRUE(r.ok()) << fen;
    EXPECT_EQ(r.position.key(), r.position.compute_key());
    check_keys(r.position, 3, checked);
  }
  EXPECT_GT(checked, 10000);
}

TEST(Zobrist, KeySeesSideCastlingAndEnPassant) {
  const Position a = parse_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").position;
  const Position b = parse_fen("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1").position;
  const Position c = parse_fen("4k3/8/8/8/8/8/8/R3K2R w K - 0 1").position;
  EXPECT_NE(a.key(), b.key());
  EXPECT_NE(a.key(), c.key());
  // An en passant square counts only when a capture onto it is legal.
  const Position ep = parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").position;
  const Position no_ep = parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2").position;
  EXPECT_NE(ep.key(), no_ep.key());
  const Position idle = parse_fen("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2").position;
  const Position idle_none = parse_fen("4k3/8/8/3p4/8/8/8/4K3 w - - 0 2").position;
  EXPECT_EQ(idle.key(), idle_none.key());
}

}  // namespace
}  // namespace chesstool
