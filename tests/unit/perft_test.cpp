// SPDX-License-Identifier: MIT
// Perft against the corpus suites, and move generator invariants checked at every node.
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/perft.hpp"
#include "support/paths.hpp"
#include "support/perft_suite.hpp"

using namespace chesstool;

namespace {

// Node budget per (position, depth) entry; CHESSTOOL_PERFT_MAX_NODES raises it for the
// full-suite benchmark run (bench/perft-suite).
std::uint64_t budget(std::uint64_t normal) {
  if (const char* env = std::getenv("CHESSTOOL_PERFT_MAX_NODES")) return std::strtoull(env, nullptr, 10);
  return normal;
}

void check_suite(const std::string& file, std::uint64_t max_nodes, std::size_t max_positions = SIZE_MAX) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  auto cases = chesstool::testing::read_perft_suite(chesstool::testing::corpus_path("perft/" + file));
  ASSERT_FALSE(cases.empty()) << file;
  int checked = 0;
  for (std::size_t i = 0; i < cases.size() && i < max_positions; ++i) {
    const auto& c = cases[i];
    FenResult r = parse_fen(c.fen, FenMode::Playable);
    ASSERT_TRUE(r.ok()) << file << " " << c.id << ": " << r.error->to_string();
    for (auto [depth, nodes] : c.depths) {
      if (nodes > max_nodes) continue;
      EXPECT_EQ(perft(r.position, depth), nodes) << file << " id " << c.id << " depth " << depth << " " << c.fen;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

// Walks the tree to `depth` checking invariants at every node.
void check_invariants(const Position& pos, int depth) {
  ASSERT_EQ(pos.key(), pos.compute_key()) << to_fen(pos);
  FenResult again = parse_fen(to_fen(pos), FenMode::Playable);
  ASSERT_TRUE(again.ok()) << to_fen(pos);
  ASSERT_EQ(again.position.key(), pos.key()) << to_fen(pos);
  MoveList list;
  generate_legal(pos, list);
  ASSERT_EQ(count_legal(pos), std::uint64_t(list.size())) << to_fen(pos);
  for (Move m : list) {
    Position next = pos.after(m);
    // The mover's king is never left attacked.
    Color mover = pos.side_to_move();
    ASSERT_FALSE(next.is_attacked_by(~mover, next.king_square(mover), next.occupied())) << to_fen(pos);
    // Move lists are duplicate-free, and generate_legal_to finds exactly this move.
    PieceType pt = type_of(pos.piece_on(m.from()));
    Square to = m.is_castling() ? castling_king_destination(pos, m) : m.to();
    MoveList filtered;
    generate_legal_to(pos, pt, to, filtered);
    ASSERT_TRUE(filtered.contains(m)) << to_fen(pos);
    if (depth > 1) check_invariants(next, depth - 1);
  }
}

}  // namespace

TEST(PerftSuite, Standard) { check_suite("standard.epd", budget(2'000'000)); }
TEST(PerftSuite, Tricky) { check_suite("tricky.perft", budget(2'000'000)); }
TEST(PerftSuite, ChessProgrammingWiki) { check_suite("cpw-perft-results.epd", budget(5'000'000)); }
TEST(PerftSuite, Fischer) { check_suite("fischer.epd", budget(100'000)); }
TEST(PerftSuite, Chess960) { check_suite("chess960.perft", budget(100'000)); }
TEST(PerftSuite, Random) { check_suite("random.perft", budget(20'000)); }

TEST(Perft, StartPositionCounts) {
  Position start = Position::startpos();
  const std::uint64_t expected[] = {1, 20, 400, 8902, 197281, 4865609};
  for (int d = 0; d < 6; ++d) EXPECT_EQ(perft(start, d), expected[d]) << "depth " << d;
}

TEST(Perft, ThreadsAndHashGiveTheSameCount) {
  FenResult kiwipete = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(kiwipete.ok());
  PerftOptions opts;
  opts.threads = 2;
  opts.hash_mb = 16;
  EXPECT_EQ(perft(kiwipete.position, 4, opts), 4085603u);
  auto divide = perft_divide(kiwipete.position, 2, opts);
  EXPECT_EQ(divide.size(), 48u);
  std::uint64_t sum = 0;
  for (const auto& e : divide) sum += e.nodes;
  EXPECT_EQ(sum, 2039u);
}

TEST(MoveGen, InvariantsHoldAtEveryNode) {
  const char* fens[] = {
      kStartFen,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
  };
  for (const char* fen : fens) {
    FenResult r = parse_fen(fen);
    ASSERT_TRUE(r.ok()) << fen;
    check_invariants(r.position, 3);
  }
}

TEST(MoveGen, EnPassantHorizontalPinIsIllegal) {
  // Black king a4, black pawn d4, white pawn e4 just double-stepped, white rook h4:
  // dxe3 would leave the king on the open fourth rank.
  FenResult r = parse_fen("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
  ASSERT_TRUE(r.ok());
  MoveList list;
  generate_legal(r.position, list);
  for (Move m : list) EXPECT_NE(m.kind(), Move::EnPassant);
}

TEST(MoveGen, CastlingNeverThroughOrOutOfCheck) {
  // Rook on f8 covers f1: O-O is illegal, O-O-O is fine.
  FenResult r = parse_fen("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  ASSERT_TRUE(r.ok());
  MoveList list;
  generate_legal(r.position, list);
  int castles = 0;
  for (Move m : list)
    if (m.is_castling()) {
      ++castles;
      EXPECT_EQ(m.to(), make_square(0, 0));
    }
  EXPECT_EQ(castles, 1);
  // In check: no castling at all.
  r = parse_fen("1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  ASSERT_TRUE(r.ok());
  generate_legal(r.position, list);
  for (Move m : list) EXPECT_FALSE(m.is_castling());
}

TEST(MoveGen, Chess960CastlingPutsKingAndRookOnStandardFiles) {
  // King b1, rook a1: O-O-O puts the king on c1 and the rook on d1.
  FenResult r = parse_fen("1k6/8/8/8/8/8/8/RK6 w A - 0 1");
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  MoveList list;
  generate_legal(r.position, list);
  Move castle;
  for (Move m : list)
    if (m.is_castling()) castle = m;
  ASSERT_TRUE(castle);
  Position after = r.position.after(castle);
  EXPECT_EQ(after.piece_on(make_square(2, 0)), make_piece(White, King));
  EXPECT_EQ(after.piece_on(make_square(3, 0)), make_piece(White, Rook));
  EXPECT_EQ(after.piece_on(make_square(0, 0)), NoPiece);
  EXPECT_EQ(after.key(), after.compute_key());
}
