// SPDX-License-Identifier: MIT
// Run-time dispatch: the choice of path, and exact perft counts on every path this CPU
// can run (each path is its own compiled copy of the kernel).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "core/attacks.hpp"
#include "core/dispatch.hpp"
#include "core/fen.hpp"
#include "core/perft.hpp"

using namespace chesstool;

TEST(Dispatch, BestPathFollowsTheCpuFeatures) {
  EXPECT_EQ(best_isa_path({}), IsaPath::Baseline);
  EXPECT_EQ(best_isa_path({.popcnt = true}), IsaPath::Popcnt);
  EXPECT_EQ(best_isa_path({.popcnt = true, .bmi2 = true}), IsaPath::Pext);
  // AMD before Zen 3, and Zen 5: BMI2 for the shifts, but magic lookups instead of PEXT.
  EXPECT_EQ(best_isa_path({.popcnt = true, .bmi2 = true, .magic_lookups = true}), IsaPath::Bmi2);
  EXPECT_EQ(best_isa_path({.bmi2 = true}), IsaPath::Baseline);  // no such CPU, but no POPCNT means baseline
}

TEST(Dispatch, MagicLookupsOnAmdFamiliesWherePextLoses) {
  for (unsigned family : {0x15u, 0x16u, 0x17u, 0x18u, 0x1Au}) EXPECT_TRUE(magic_beats_pext(true, family)) << family;
  // Zen 3 and 4, the old family QEMU's "max" CPU reports, and a family not known yet.
  for (unsigned family : {0x0Fu, 0x10u, 0x14u, 0x19u, 0x1Bu}) EXPECT_FALSE(magic_beats_pext(true, family)) << family;
  for (unsigned family : {0x06u, 0x0Fu, 0x17u, 0x1Au}) EXPECT_FALSE(magic_beats_pext(false, family)) << family;
}

TEST(Dispatch, NamesAndTheEnvironmentWords) {
  EXPECT_EQ(isa_path_name(IsaPath::Baseline), "baseline");
  EXPECT_EQ(isa_path_name(IsaPath::Popcnt), "popcnt");
  EXPECT_EQ(isa_path_name(IsaPath::Bmi2), "popcnt bmi2");
  EXPECT_EQ(isa_path_name(IsaPath::Pext), "popcnt bmi2 pext");
  for (IsaPath p : kAllIsaPaths) {
    std::string name = isa_path_name(p);
    EXPECT_EQ(parse_isa_path(name.substr(name.rfind(' ') + 1)), p) << name;
  }
  EXPECT_FALSE(parse_isa_path("avx2"));
  EXPECT_FALSE(parse_isa_path(""));
}

// CHESSTOOL_DISPATCH reads back what --version prints after "dispatch: ".
TEST(Dispatch, EnvironmentWordsReadBackTheVersionLine) {
  for (IsaPath p : kAllIsaPaths)
    for (bool avx2 : {false, true}) {
      const DispatchChoice choice{p, avx2};
      const std::optional<DispatchRequest> back = parse_dispatch(dispatch_name(choice));
      ASSERT_TRUE(back && back->path) << dispatch_name(choice);
      EXPECT_EQ(*back->path, p) << dispatch_name(choice);
      EXPECT_EQ(back->avx2_scan, avx2) << dispatch_name(choice);
    }
  EXPECT_EQ(dispatch_name({IsaPath::Pext, true}), "popcnt bmi2 pext avx2");
  EXPECT_EQ(dispatch_name({IsaPath::Baseline, false}), "baseline");
  // The word of one path, as before; "avx2" alone names no path: the automatic one stands
  // (it was the baseline, the slowest, a trap).
  ASSERT_TRUE(parse_dispatch("pext") && parse_dispatch("pext")->path);
  EXPECT_EQ(*parse_dispatch("pext")->path, IsaPath::Pext);
  EXPECT_FALSE(parse_dispatch("pext")->avx2_scan);
  ASSERT_TRUE(parse_dispatch(" avx2 "));
  EXPECT_FALSE(parse_dispatch(" avx2 ")->path);
  EXPECT_TRUE(parse_dispatch(" avx2 ")->avx2_scan);
  EXPECT_FALSE(parse_dispatch("pext avx512"));  // one unknown word: the whole value
  EXPECT_FALSE(parse_dispatch(""));             // empty or blank: no choice (not the baseline)
  EXPECT_FALSE(parse_dispatch("   "));
  EXPECT_FALSE(parse_dispatch("Pext"));
}

TEST(Dispatch, ChosenPathRunsHere) {
  EXPECT_TRUE(isa_path_supported(IsaPath::Baseline));
  EXPECT_TRUE(isa_path_supported(dispatch_path()));
  EXPECT_EQ(dispatch_name(), dispatch_name({dispatch_path(), avx2_byte_scan()}));
  if (!std::getenv("CHESSTOOL_DISPATCH")) {
    EXPECT_EQ(dispatch_path(), best_isa_path(detect_cpu()));
    EXPECT_EQ(avx2_byte_scan(), detect_cpu().avx2);
  }
  if (avx2_byte_scan()) {
    EXPECT_TRUE(detect_cpu().avx2);
  }
#if defined(__x86_64__)
  __builtin_cpu_init();
  EXPECT_EQ(detect_cpu().popcnt, bool(__builtin_cpu_supports("popcnt")));
  EXPECT_EQ(isa_path_supported(IsaPath::Pext), __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2"));
  EXPECT_EQ(detect_cpu().avx2, bool(__builtin_cpu_supports("avx2")));
#endif
}

namespace {

// PEXT in software: the bits of occ under mask, packed towards bit 0.
std::uint64_t soft_pext(std::uint64_t occ, std::uint64_t mask) {
  std::uint64_t result = 0;
  for (std::uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
    if (occ & mask & -mask) result |= bit;
  return result;
}

}  // namespace

TEST(Dispatch, PextTablesAgreeWithTheMagicLookups) {
  detail::build_pext_tables();
  std::mt19937_64 rng(17);
  for (Square s = 0; s < 64; ++s) {
    for (int i = 0; i < 300; ++i) {
      // Sparse and dense occupancies alike.
      Bitboard occ = rng() & rng();
      if (i % 3 == 1) occ = rng() | rng();
      const detail::PextEntry& r = detail::g_rook_pext[s];
      const detail::PextEntry& b = detail::g_bishop_pext[s];
      ASSERT_EQ(r.attacks[soft_pext(occ, r.mask)], rook_attacks(s, occ)) << "rook " << s;
      ASSERT_EQ(b.attacks[soft_pext(occ, b.mask)], bishop_attacks(s, occ)) << "bishop " << s;
    }
  }
}

// Positions that reach every rule: castling both ways (and Chess960 castling), en
// passant with and without a pin, promotions, checks, double checks and pins.
struct PerftCase {
  const char* fen;
  int depth;
  std::uint64_t nodes;
};
constexpr PerftCase kCases[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, 326672},
};

TEST(Dispatch, EveryPathCountsExactly) {
  int paths = 0;
  for (IsaPath path : kAllIsaPaths) {
    if (!isa_path_supported(path)) continue;
    ++paths;
    for (const PerftCase& c : kCases) {
      FenResult r = parse_fen(c.fen);
      ASSERT_TRUE(r.ok()) << c.fen;
      PerftOptions plain;
      plain.path = path;
      EXPECT_EQ(perft(r.position, c.depth, plain), c.nodes) << isa_path_name(path) << ": " << c.fen;
      // The table and the threads take other routes through the kernel.
      PerftOptions hashed = plain;
      hashed.hash_mb = 4;
      hashed.threads = 2;
      EXPECT_EQ(perft(r.position, c.depth, hashed), c.nodes) << isa_path_name(path) << " hashed: " << c.fen;
    }
  }
  EXPECT_GE(paths, 1);
}
