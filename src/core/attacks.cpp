// SPDX-License-Identifier: MIT
// Builds the attack tables at start-up; magics are searched with a fixed seed, so the
// tables are the same on every run.
#include "core/attacks.hpp"

#include <cstdlib>
#include <vector>

namespace chesstool {
namespace detail {

Magic g_rook_magics[64];
Magic g_bishop_magics[64];
Bitboard g_pawn_attacks[2][64];
Bitboard g_knight_attacks[64];
Bitboard g_king_attacks[64];
Bitboard g_between[64][64];
Bitboard g_line[64][64];
Bitboard g_bishop_pseudo[64];
Bitboard g_rook_pseudo[64];

namespace {

// 102,400 rook and 5,248 bishop entries: the sum over squares of 2^(relevant bits).
Bitboard g_rook_table[0x19000];
Bitboard g_bishop_table[0x1480];

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// Slow reference ray walk, used only to fill the tables.
Bitboard slide(const int (&dirs)[4][2], Square s, Bitboard occ) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (on_board(f, r)) {
      Square t = make_square(f, r);
      result |= square_bb(t);
      if (occ & square_bb(t)) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

// Fast reference for filling the magic tables: each direction's full ray, cut at the
// first blocker by removing the blocker's own ray beyond it. The first blocker is the
// lowest set bit on a ray of increasing squares and the highest on the others; each
// list of directions has two of each (up and down a line), held apart in rising and
// falling so the cut needs no test of the direction.
struct Rays {
  Bitboard ray[4][64];
  Bitboard rising[2][64], falling[2][64];
  explicit Rays(const int (&dirs)[4][2]) {
    int rises = 0, falls = 0;
    for (int d = 0; d < 4; ++d) {
      const bool increasing = dirs[d][0] + 8 * dirs[d][1] > 0;
      for (Square s = 0; s < 64; ++s) {
        Bitboard r = 0;
        for (int f = file_of(s) + dirs[d][0], rk = rank_of(s) + dirs[d][1]; on_board(f, rk);
             f += dirs[d][0], rk += dirs[d][1])
          r |= square_bb(make_square(f, rk));
        ray[d][s] = r;
        (increasing ? rising[rises] : falling[falls])[s] = r;
      }
      ++(increasing ? rises : falls);
    }
  }
  Bitboard attacks(Square s, Bitboard occ) const {
    Bitboard result = 0;
    for (int i = 0; i < 2; ++i) {
      Bitboard up = rising[i][s], down = falling[i][s];
      if (const Bitboard blockers = up & occ) up ^= rising[i][lsb(blockers)];
      if (const Bitboard blockers = down & occ) down ^= falling[i][63 - std::countl_zero(blockers)];
      result |= up | down;
    }
    return result;
  }
};

Bitboard leaper(Square s, const int (*deltas)[2], int n) {
  Bitboard result = 0;
  for (int i = 0; i < n; ++i) {
    int f = file_of(s) + deltas[i][0], r = rank_of(s) + deltas[i][1];
    if (on_board(f, r)) result |= square_bb(make_square(f, r));
  }
  return result;
}

// xorshift64*: deterministic, so start-up always finds the same magics.
struct Prng {
  std::uint64_t s;
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

// Magic multipliers found once by the search below (seed 0x9E3779B97F4A7C15) and kept
// here so start-up only fills the tables; the search still runs for any square whose
// stored magic does not verify.
// clang-format off
constexpr Bitboard kRookMagics[64] = {
0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
0x0442000a00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040a00128541ULL,
0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL,
0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL
};
constexpr Bitboard kBishopMagics[64] = {
0x10102002004a1420ULL, 0x8020040400584008ULL, 0x10510800811201c8ULL, 0x5204042080000088ULL,
0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200a02020ULL,
0x1500241990010e00ULL, 0x8001200182020a40ULL, 0x40004101030b0000ULL, 0x8002041042000100ULL,
0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020a00ULL, 0x8000088400880520ULL,
0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
0x0006e080100c3040ULL, 0x0501044a11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422c012400ULL, 0x0002128698404812ULL,
0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
0xa010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802a02020000b098ULL,
0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488a00ULL,
0x2000081104004040ULL, 0x4c8e029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
0x0000822802400008ULL, 0x00008a0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
0x4a1500401041004aULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
0x0040808800b62048ULL, 0x0000810400c44420ULL, 0x00080400440c0441ULL, 0x8340080020840411ULL,
0x0000000104208200ULL, 0x0000800810d00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL
};
// clang-format on

// Fills each square's table in one pass over the subsets of its mask, the stored magic
// verified as it goes (an entry written twice must agree). This runs before main on every
// start, so it keeps no copy of the subsets: a failed magic, which the stored ones never
// are, walks them again with the next candidate of the search.
void init_magics(const int (&dirs)[4][2], const Bitboard* known, Magic* magics, Bitboard* table) {
  const Rays rays(dirs);
  std::vector<int> epoch(4096, 0);
  int attempt = 0;
  Prng prng{0x9E3779B97F4A7C15ULL};
  Bitboard* next_table = table;
  for (Square s = 0; s < 64; ++s) {
    // Edges do not matter for blocking unless the slider is on them.
    Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                     ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
    Magic& m = magics[s];
    m.mask = slide(dirs, s, 0) & ~edges;
    m.shift = unsigned(64 - popcount(m.mask));
    m.attacks = next_table;
    for (bool first = true;; first = false) {
      if (first) {
        m.magic = known[s];
      } else {
        do m.magic = prng.sparse();
        while (popcount((m.magic * m.mask) >> 56) < 6);
      }
      ++attempt;
      bool fits = true;
      Bitboard b = 0;  // every subset of the mask (Carry-Rippler)
      do {
        const unsigned idx = unsigned((b * m.magic) >> m.shift);
        const Bitboard attacks = rays.attacks(s, b);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          next_table[idx] = attacks;
        } else if (next_table[idx] != attacks) {
          fits = false;
          break;
        }
        b = (b - m.mask) & m.mask;
      } while (b);
      if (fits) break;
    }
    next_table += std::size_t{1} << popcount(m.mask);
  }
}

// g_between and g_line from the rays of every square: b on a's ray d has between them
// that ray without b and what lies beyond it, and the line is that ray, its opposite and
// a (both tables start zeroed, so pairs on no common line stay 0).
void init_lines() {
  for (const auto* dirs : {&kRookDirs, &kBishopDirs}) {
    const Rays rays(*dirs);
    for (int d = 0; d < 4; ++d) {
      int opposite = 0;
      while ((*dirs)[opposite][0] != -(*dirs)[d][0] || (*dirs)[opposite][1] != -(*dirs)[d][1]) ++opposite;
      for (Square a = 0; a < 64; ++a) {
        const Bitboard line = rays.ray[d][a] | rays.ray[opposite][a] | square_bb(a);
        for (Bitboard on_ray = rays.ray[d][a]; on_ray;) {
          const Square b = pop_lsb(on_ray);
          g_line[a][b] = line;
          g_between[a][b] = rays.ray[d][a] ^ rays.ray[d][b] ^ square_bb(b);
        }
      }
    }
  }
}

struct TableBuilder {
  TableBuilder() {
    constexpr int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int kKing[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    constexpr int kWhitePawn[2][2] = {{-1, 1}, {1, 1}};
    constexpr int kBlackPawn[2][2] = {{-1, -1}, {1, -1}};
    for (Square s = 0; s < 64; ++s) {
      g_knight_attacks[s] = leaper(s, kKnight, 8);
      g_king_attacks[s] = leaper(s, kKing, 8);
      g_pawn_attacks[White][s] = leaper(s, kWhitePawn, 2);
      g_pawn_attacks[Black][s] = leaper(s, kBlackPawn, 2);
      g_bishop_pseudo[s] = slide(kBishopDirs, s, 0);
      g_rook_pseudo[s] = slide(kRookDirs, s, 0);
    }
    init_magics(kRookDirs, kRookMagics, g_rook_magics, g_rook_table);
    init_magics(kBishopDirs, kBishopMagics, g_bishop_magics, g_bishop_table);
    init_lines();
  }
};

const TableBuilder g_builder;

Bitboard g_rook_pext_table[0x19000];
Bitboard g_bishop_pext_table[0x1480];

// Carry-Rippler walks the subsets of a mask in increasing order, which is also the order
// of their PEXT indices (0, 1, 2, ...), so no PEXT instruction is needed to fill these.
void fill_pext(const Magic* magics, PextEntry* entries, Bitboard* table) {
  for (Square s = 0; s < 64; ++s) {
    const Magic& m = magics[s];
    entries[s] = {m.mask, table};
    Bitboard b = 0;
    do {
      *table++ = m.lookup(b);
      b = (b - m.mask) & m.mask;
    } while (b);
  }
}

}  // namespace

PextEntry g_rook_pext[64];
PextEntry g_bishop_pext[64];

void build_pext_tables() {
  static const bool built = [] {
    fill_pext(g_rook_magics, g_rook_pext, g_rook_pext_table);
    fill_pext(g_bishop_magics, g_bishop_pext, g_bishop_pext_table);
    return true;
  }();
  (void)built;
}
}  // namespace detail

}  // namespace chesstool
