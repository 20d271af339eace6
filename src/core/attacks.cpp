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

void init_magics(const int (&dirs)[4][2], Magic* magics, Bitboard* table) {
  std::vector<Bitboard> occupancy(4096), reference(4096);
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
    // Enumerate all subsets of the mask (Carry-Rippler).
    int size = 0;
    Bitboard b = 0;
    do {
      occupancy[size] = b;
      reference[size] = slide(dirs, s, b);
      ++size;
      b = (b - m.mask) & m.mask;
    } while (b);
    Bitboard* entries = next_table;
    for (;;) {
      do m.magic = prng.sparse();
      while (popcount((m.magic * m.mask) >> 56) < 6);
      ++attempt;
      int i = 0;
      for (; i < size; ++i) {
        unsigned idx = unsigned((occupancy[i] * m.magic) >> m.shift);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          entries[idx] = reference[i];
        } else if (entries[idx] != reference[i]) {
          break;
        }
      }
      if (i == size) break;
    }
    next_table += size;
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
    }
    init_magics(kRookDirs, g_rook_magics, g_rook_table);
    init_magics(kBishopDirs, g_bishop_magics, g_bishop_table);
    for (Square a = 0; a < 64; ++a) {
      for (Square b = 0; b < 64; ++b) {
        g_between[a][b] = g_line[a][b] = 0;
        if (a == b) continue;
        for (const auto* dirs : {&kRookDirs, &kBishopDirs}) {
          if (slide(*dirs, a, 0) & square_bb(b)) {
            g_line[a][b] = (slide(*dirs, a, 0) & slide(*dirs, b, 0)) | square_bb(a) | square_bb(b);
            g_between[a][b] = slide(*dirs, a, square_bb(b)) & slide(*dirs, b, square_bb(a));
          }
        }
      }
    }
  }
};

const TableBuilder g_builder;

}  // namespace
}  // namespace detail

}  // namespace chesstool
