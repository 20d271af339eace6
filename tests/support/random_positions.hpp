// SPDX-License-Identifier: MIT
// The positions of seeded random games from a few varied starts: what the tests use to
// hold a fast path to its definition in every position met.
#pragma once

#include <random>

#include <gtest/gtest.h>

#include "core/fen.hpp"
#include "core/movegen.hpp"

namespace chesstool::testing {

// The standard position; Kiwipete (pins, castling both ways); an endgame of checks and en
// passant; three queens (moves that need a file, a rank or both); a Chess960 array.
inline constexpr const char* kVariedStarts[] = {
    kStartFen,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "1k6/8/8/8/4Q2Q/8/8/2K4Q w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
};

// Calls visit(position) for every position of a random game of up to `plies` plies from
// each start; the same games on every run of a given seed.
template <class Visit>
void for_each_random_position(unsigned seed, int plies, Visit&& visit) {
  std::mt19937 rng(seed);
  for (const char* fen : kVariedStarts) {
    const FenResult r = parse_fen(fen);
    ASSERT_TRUE(r.ok()) << fen;
    Position pos = r.position;
    for (int ply = 0; ply < plies; ++ply) {
      visit(pos);
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.size() == 0) break;
      pos.make_move(legal.moves[rng() % legal.size()]);
    }
  }
}

}  // namespace chesstool::testing
