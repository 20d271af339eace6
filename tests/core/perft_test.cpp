// SPDX-License-Identifier: MIT
// Perft against the corpus suites, and move generator invariants checked at every node.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

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
  // Every position of the suite (up to max_positions) is checked at one depth at least.
  EXPECT_GE(checked, int(std::min(cases.size(), max_positions))) << file;
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
  ASSERT_EQ(has_legal_move(pos), list.size() != 0) << to_fen(pos);
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

// ---------------------------------------------------------------------------------------
// Deep trees: perft accepts any depth up to 64.

namespace {

// A position of my own with a tiny tree at every depth. Everything is locked except the
// kings: White's king shuttles h1-g1 (its pawns d2 f2 h2 are blocked by d3 f3 h3, the
// bishop e1 sits between d2 and f2, f1 is covered by the black pawn e2, g2 by f3 and h3),
// so White always has exactly one move. Black's king walks the triangle a8-b8-a7 (a6 and
// c7 are its own blocked pawns, b6 is covered by a5, b7 by c6, c8 by d7; the bishop d8
// is boxed in by c7 and e7), so Black always has exactly two. No capture is ever
// possible. With White to move the tree has 2^floor(depth/2) leaves; with Black to
// move, 2^ceil(depth/2).
constexpr const char* kTriangleWhite = "k2b4/2pPp3/p1P1P3/P7/8/3p1p1p/3PpP1P/4B2K w - - 0 1";
constexpr const char* kTriangleBlack = "k2b4/2pPp3/p1P1P3/P7/8/3p1p1p/3PpP1P/4B2K b - - 0 1";

std::uint64_t triangle_leaves(bool white_to_move, int depth) {
  int black_plies = white_to_move ? depth / 2 : (depth + 1) / 2;
  return std::uint64_t(1) << black_plies;
}

Position parsed(const char* fen) {
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen << ": " << (r.ok() ? "" : r.error->to_string());
  return r.position;
}

}  // namespace

TEST(PerftDeep, HandMadeTriangleWithoutHashToDepth32) {
  for (bool white : {true, false}) {
    Position pos = parsed(white ? kTriangleWhite : kTriangleBlack);
    // Depth 32 is 65536 leaves: cheap enough without a table.
    for (int depth = 0; depth <= 32; ++depth)
      EXPECT_EQ(perft(pos, depth), triangle_leaves(white, depth)) << (white ? "white" : "black") << " depth " << depth;
  }
}

TEST(PerftDeep, HandMadeTriangleWithHashAndThreadsToDepth64) {
  // Depth 64 has 2^32 leaves either way (32 black plies): only a table makes that quick,
  // and the count no longer fits in 32 bits.
  for (bool white : {true, false}) {
    Position pos = parsed(white ? kTriangleWhite : kTriangleBlack);
    for (int threads : {1, 2}) {
      PerftOptions opts;
      opts.threads = threads;
      opts.hash_mb = 1;
      for (int depth = 0; depth <= 64; ++depth)
        ASSERT_EQ(perft(pos, depth, opts), triangle_leaves(white, depth))
            << (white ? "white" : "black") << " threads " << threads << " depth " << depth;
    }
  }
}

TEST(PerftDeep, DivideAtDepth64) {
  PerftOptions opts;
  opts.threads = 2;
  opts.hash_mb = 1;
  auto white = perft_divide(parsed(kTriangleWhite), 64, opts);
  ASSERT_EQ(white.size(), 1u);  // Kg1
  EXPECT_EQ(white[0].nodes, std::uint64_t(1) << 32);
  auto black = perft_divide(parsed(kTriangleBlack), 64, opts);
  ASSERT_EQ(black.size(), 2u);  // Kb8, Ka7: each 31 more black plies
  for (const auto& e : black) EXPECT_EQ(e.nodes, std::uint64_t(1) << 31);
  EXPECT_TRUE(perft_divide(parsed(kTriangleBlack), 0, opts).empty());
}

TEST(PerftDeep, ACountPast64BitsSaysSoRatherThanWrap) {
  // Both kings shut in triangles: two moves at every ply, 2^depth leaves (the black king
  // as above, White's on h1-g1-g2 now that h4 blocks h3).
  const Position pos = parsed("k2b4/2pPp3/p1P1P3/P7/7p/3p1p1P/3PpP2/4B2K w - - 0 1");
  PerftOptions opts;
  opts.hash_mb = 1;
  for (int depth : {1, 2, 10, 20}) EXPECT_EQ(perft(pos, depth), std::uint64_t(1) << depth) << depth;
  EXPECT_EQ(perft(pos, 63, opts), std::uint64_t(1) << 63);
  EXPECT_EQ(perft(pos, 64, opts), kPerftCountMax);  // 2^64: one past the largest count
  const auto divide = perft_divide(pos, 64, opts);
  ASSERT_EQ(divide.size(), 2u);
  for (const auto& e : divide) EXPECT_EQ(e.nodes, std::uint64_t(1) << 63);
  opts.threads = 2;
  EXPECT_EQ(perft(pos, 64, opts), kPerftCountMax);
  EXPECT_EQ(perft_sum(kPerftCountMax - 1, 1), kPerftCountMax);
  EXPECT_EQ(perft_sum(kPerftCountMax - 2, 1), kPerftCountMax - 1);
}

TEST(PerftDeep, ShakmatyPrisonAtDepth32) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  const std::string file = chesstool::testing::corpus_path("perft/tricky.perft");
  ASSERT_TRUE(std::filesystem::is_regular_file(file)) << file << " missing from the corpus";
  const chesstool::testing::PerftCase* prison = nullptr;
  auto cases = chesstool::testing::read_perft_suite(file);
  for (const auto& c : cases)
    if (c.id == "prison") prison = &c;
  ASSERT_NE(prison, nullptr) << "no 'prison' entry in " << file;
  FenResult r = parse_fen(prison->fen, FenMode::Playable);
  ASSERT_TRUE(r.ok()) << prison->fen;
  bool has_32 = false;
  for (auto [depth, nodes] : prison->depths) {
    has_32 |= depth == 32;
    EXPECT_EQ(perft(r.position, depth), nodes) << "depth " << depth;
    PerftOptions opts;
    opts.threads = 2;
    opts.hash_mb = 1;
    EXPECT_EQ(perft(r.position, depth, opts), nodes) << "hashed, depth " << depth;
    std::uint64_t sum = 0;
    for (const auto& e : perft_divide(r.position, depth, opts)) sum += e.nodes;
    EXPECT_EQ(sum, nodes) << "divide, depth " << depth;
  }
  EXPECT_TRUE(has_32) << "the prison entry has no depth 32";
}

// ---------------------------------------------------------------------------------------
// A transposition table that cannot be allocated.

TEST(PerftHash, SizeThatCannotBeRepresentedThrowsHashAllocationError) {
  // SIZE_MAX megabytes does not fit in a size_t as bytes: refused before any allocation.
  PerftOptions opts;
  opts.hash_mb = SIZE_MAX;
  const std::string expected = "cannot allocate a " + std::to_string(SIZE_MAX) + " MB transposition table";
  try {
    perft(Position::startpos(), 4, opts);
    ADD_FAILURE() << "no exception";
  } catch (const HashAllocationError& e) {
    EXPECT_EQ(std::string(e.what()), expected);
    EXPECT_EQ(e.megabytes(), std::size_t(SIZE_MAX));
  }
  EXPECT_THROW(perft_divide(Position::startpos(), 5, opts), HashAllocationError);
  // A HashAllocationError is a std::runtime_error, for callers that catch those.
  EXPECT_THROW(perft(Position::startpos(), 4, opts), std::runtime_error);
  // Below depth 4 no table is used, so none is allocated.
  EXPECT_EQ(perft(Position::startpos(), 3, opts), 8902u);
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CHESSTOOL_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define CHESSTOOL_TEST_SANITIZED 1
#endif
#endif

TEST(PerftHash, TableLargerThanTheAddressSpaceLimitThrowsHashAllocationError) {
#ifdef CHESSTOOL_TEST_SANITIZED
  // ASan and TSan reserve terabytes of shadow memory (an address space limit breaks
  // them) and abort on a failed allocation instead of returning null.
  GTEST_SKIP() << "not under a sanitizer";
#else
  // The largest size the CLI accepts, 65536 MB, in a child process whose address space
  // is limited to 2 GB: the allocation must fail there, however much memory the machine
  // has, without touching any of it.
  pid_t pid = fork();
  ASSERT_GE(pid, 0) << "fork failed";
  if (pid == 0) {
    rlimit limit{};
    limit.rlim_cur = limit.rlim_max = rlim_t(2) << 30;
    if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(10);
    PerftOptions opts;
    opts.hash_mb = 65536;
    try {
      perft(Position::startpos(), 4, opts);
      _exit(2);  // no exception
    } catch (const HashAllocationError& e) {
      _exit(std::string(e.what()) == "cannot allocate a 65536 MB transposition table" ? 0 : 3);
    } catch (...) {
      _exit(4);  // std::bad_alloc, say
    }
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "child killed, status " << status;
  EXPECT_EQ(WEXITSTATUS(status), 0) << "2: no exception; 3: wrong message; 4: another exception; 10: setrlimit failed";
#endif
}
