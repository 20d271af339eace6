// SPDX-License-Identifier: MIT
// Tests for core/movegen: the complete legal move lists of positions with pins, checks,
// double checks, en passant (allowed, pinned along a rank, answering a check) and
// castling through or out of attacked squares. Every expected list is worked out by hand
// from the FIDE Laws (3.9: no move may leave one's own king in check; 3.8.2.2: the king
// may not castle out of, through or into check), as the comment of each test explains.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/uci.hpp"
#include "support/random_positions.hpp"

namespace chesstool {
namespace {

std::set<std::string> legal_moves(const std::string& fen) {
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen << ": " << (r.error ? r.error->to_string() : "");
  MoveList list;
  generate_legal(r.position, list);
  std::set<std::string> out;
  for (Move m : list) out.insert(to_uci(r.position, m));
  EXPECT_EQ(out.size(), std::size_t(list.size())) << "a move listed twice in " << fen;
  EXPECT_EQ(count_legal(r.position), std::uint64_t(list.size())) << fen;
  for (Move m : list) EXPECT_TRUE(is_legal(r.position, m)) << to_uci(r.position, m);
  return out;
}

using Moves = std::set<std::string>;

TEST(Movegen, HasLegalMoveAgreesWithTheCount) {
  auto has = [](const std::string& fen) {
    FenResult r = parse_fen(fen);
    EXPECT_TRUE(r.ok()) << fen;
    EXPECT_EQ(has_legal_move(r.position), count_legal(r.position) != 0) << fen;
    return has_legal_move(r.position);
  };
  // Mate: the queen on g7, guarded by the king on g6, covers every square of the h8 king.
  EXPECT_FALSE(has("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"));
  // Stalemate: the queen on b6 covers a7, b7 and b8, and black has nothing else.
  EXPECT_FALSE(has("k7/8/1Q6/8/8/8/8/7K b - - 0 1"));
  // The same with a black pawn on h5 that can push: no king step, but a move.
  EXPECT_TRUE(has("k7/8/1Q6/7p/8/8/8/7K b - - 0 1"));
  // Mate along the back rank: f8, beyond the king on the rook's line, is covered too
  // (the king lifted off the board no longer shields it); the e6 king covers the rest.
  EXPECT_FALSE(has("R3k3/8/4K3/8/8/8/8/8 b - - 0 1"));
  // Only the king can move, to f7.
  EXPECT_TRUE(has("R3k3/8/3K4/8/8/8/8/8 b - - 0 1"));
  // Every position of seeded random games, their last ones (mates, stalemates) included.
  int positions = 0;
  testing::for_each_random_position(29, 120, [&](const Position& pos) {
    EXPECT_EQ(has_legal_move(pos), count_legal(pos) != 0) << to_fen(pos);
    ++positions;
  });
  EXPECT_GT(positions, 300);
}

TEST(Movegen, PinnedBishopCannotMove) {
  // The rook on e7 pins the bishop on e2 to the king on e1: a bishop never stays on a
  // file, so it has no move. The king has d1, f1, d2, f2 (e2 is its own bishop).
  EXPECT_EQ(legal_moves("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"), (Moves{"e1d1", "e1f1", "e1d2", "e1f2"}));
}

TEST(Movegen, PinnedRookMovesAlongThePin) {
  // The pinned rook may go up the e-file to e7, capturing the pinner, but not sideways.
  EXPECT_EQ(legal_moves("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1"),
            (Moves{"e1d1", "e1f1", "e1d2", "e1f2", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7"}));
}

TEST(Movegen, DiagonallyPinnedPawnCanOnlyTakeThePinner) {
  // The bishop on c3 pins the d2 pawn to e1 along c3-d2-e1: the pawn cannot push (d3,
  // d4 leave the diagonal) but may take the pinner.
  const Moves got = legal_moves("4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1");
  EXPECT_TRUE(got.count("d2c3"));
  EXPECT_FALSE(got.count("d2d3"));
  EXPECT_FALSE(got.count("d2d4"));
  // King: d1, f1, e2, f2 are free (the bishop covers a1, b2, d2, b4, a5, d4, e5, ...,
  // none of them); d2 is its own pawn.
  EXPECT_EQ(got, (Moves{"d2c3", "e1d1", "e1f1", "e1e2", "e1f2"}));
}

TEST(Movegen, SingleCheckIsAnsweredByKingMoveOrBlock) {
  // The rook on a1 checks along the first rank. d1 is on the rook's line; f1 is too once
  // the king leaves e1 (the king cannot step away along the line of the check). d2, e2,
  // f2 are free. The knight on c3 can interpose on b1 or d1; nothing can take the rook.
  EXPECT_EQ(legal_moves("4k3/8/8/8/8/2N5/8/r3K3 w - - 0 1"),
            (Moves{"e1d2", "e1e2", "e1f2", "c3b1", "c3d1"}));
}

TEST(Movegen, DoubleCheckAllowsOnlyKingMoves) {
  // The knight on d3 checks e1 and uncovers the rook on e8 (it came from e5): a double
  // check. The c2 pawn, which could take the knight, may not (no single move answers two
  // checks). King: e2 is on the rook's file, f2 covered by the knight; d1, d2, f1 are safe.
  EXPECT_EQ(legal_moves("k3r3/8/8/8/8/3n4/2P5/4K3 w - - 0 1"), (Moves{"e1d1", "e1d2", "e1f1"}));
}

TEST(Movegen, EnPassantCapture) {
  // After c7-c5 the b5 pawn may take on c6 (3.7.4.2). King a1: a2, b1, b2.
  EXPECT_EQ(legal_moves("8/8/8/1Pp5/8/8/8/K3k3 w - c6 0 2"), (Moves{"a1a2", "a1b1", "a1b2", "b5b6", "b5c6"}));
}

TEST(Movegen, EnPassantPinnedAlongTheRank) {
  // bxc6 e.p. would take both b5 and c5 off the fifth rank and open it between the rook
  // on h5 and the king on a5: illegal. b4 is covered by the c5 pawn. Left: Ka4, Ka6, Kb6
  // and the push b6 (the c5 pawn still shields the king).
  EXPECT_EQ(legal_moves("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2"), (Moves{"a5a4", "a5a6", "a5b6", "b5b6"}));
}

TEST(Movegen, EnPassantTakesTheCheckingPawn) {
  // d7-d5 checks the king on e4; exd6 e.p. removes the checker and is legal. The king
  // can take on d5 or step to d3, e3, f3, d4, f4, f5 (none is covered: the only black
  // piece besides the pawn is the king on h1). e6 does not answer the check.
  EXPECT_EQ(legal_moves("8/8/8/3pP3/4K3/8/8/7k w - d6 0 2"),
            (Moves{"e5d6", "e4d5", "e4d3", "e4e3", "e4f3", "e4d4", "e4f4", "e4f5"}));
}

Moves castlings(const std::string& fen) {
  Moves out;
  for (const std::string& m : legal_moves(fen))
    if (m == "e1g1" || m == "e1c1") out.insert(m);  // a king moves two squares only by castling
  return out;
}

TEST(Movegen, CastlingThroughAttackedSquares) {
  // Nothing attacked: both sides.
  EXPECT_EQ(castlings("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1g1", "e1c1"}));
  // f1 attacked by the f8 rook: no O-O (the king would pass it); O-O-O stays.
  EXPECT_EQ(castlings("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1c1"}));
  // b1 attacked: only the rook passes b1, so O-O-O is still legal (3.8.2.2 is about the
  // king's squares).
  EXPECT_EQ(castlings("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1g1", "e1c1"}));
  // c1 attacked: the king would land in check.
  EXPECT_EQ(castlings("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1g1"}));
  // In check: no castling at all.
  EXPECT_EQ(castlings("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), Moves{});
  // A piece between king and rook: b1 knight blocks O-O-O.
  EXPECT_EQ(castlings("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), (Moves{"e1g1"}));
}

TEST(Movegen, StartPositionHasTwentyMoves) {
  // 16 pawn moves (one or two squares each) and 4 knight moves.
  const Moves got = legal_moves(kStartFen);
  EXPECT_EQ(got.size(), 20u);
  EXPECT_TRUE(got.count("b1a3") && got.count("b1c3") && got.count("g1f3") && got.count("g1h3"));
  EXPECT_TRUE(got.count("a2a4") && got.count("h2h3"));
}

TEST(Movegen, CheckmateAndStalemateHaveNoMoves) {
  // Fool's mate, and the queen-on-f7 stalemate of a king on h8 (see game_end_test).
  EXPECT_TRUE(legal_moves("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").empty());
  EXPECT_TRUE(legal_moves("7k/5Q2/6K1/8/8/8/8/8 b - - 1 1").empty());
}

TEST(Movegen, GenerateLegalToAgreesWithTheFullList) {
  // generate_legal_to (SAN resolution) returns exactly the full list's moves of that
  // piece type to that square.
  FenResult r = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(r.ok());
  MoveList all;
  generate_legal(r.position, all);
  for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
    for (Square to = 0; to < 64; ++to) {
      MoveList some;
      generate_legal_to(r.position, pt, to, some);
      int expected = 0;
      for (Move m : all) {
        const bool castle = m.is_castling();
        const Square dest = castle ? castling_king_destination(r.position, m) : m.to();
        if (dest == to && r.position.piece_on(m.from()) == make_piece(White, pt)) ++expected;
      }
      EXPECT_EQ(some.size(), expected) << int(pt) << " to " << int(to);
      for (Move m : some) EXPECT_TRUE(all.contains(m));
    }
}

// unique_plain_move against its definition from generate_legal_to, in the positions of
// random games from the varied starts of support/random_positions.hpp: every piece, every
// target, and a from-file or a from-rank (SAN names at most one of them in the fast path).
TEST(Movegen, UniquePlainMoveIsTheOneFilteredMove) {
  int checked = 0, found = 0, by_rank = 0;
  testing::for_each_random_position(17, 80, [&](const Position& pos) {
    const Color us = pos.side_to_move();
    for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
      for (Square to = 0; to < 64; ++to) {
        if (pt == Pawn && relative_rank(us, to) == 7) continue;  // promotions are not asked
        MoveList all;
        generate_legal_to(pos, pt, to, all);
        for (int file = -1; file < 8; ++file)
          for (int rank = -1; rank < (file < 0 ? 8 : 0); ++rank) {
            std::vector<Move> named;
            bool castling = false;
            for (Move m : all) {
              const int need = pt == Pawn && file < 0 ? file_of(to) : file;
              if (need >= 0 && file_of(m.from()) != need) continue;
              if (rank >= 0 && rank_of(m.from()) != rank) continue;
              castling |= m.is_castling();
              named.push_back(m);
            }
            // A pawn with a from-rank is no plain shape: the full rules read it.
            const Move expected = named.size() == 1 && !castling && !(pt == Pawn && rank >= 0) ? named[0] : Move();
            ASSERT_EQ(unique_plain_move(pos, pt, to, file, rank), expected)
                << to_fen(pos) << " piece " << int(pt) << " to " << int(to) << " file " << file << " rank " << rank;
            ++checked;
            found += expected ? 1 : 0;
            by_rank += expected && rank >= 0 ? 1 : 0;
          }
      }
  });
  EXPECT_GT(checked, 500000);
  EXPECT_GT(found, 5000);
  EXPECT_GT(by_rank, 500);
}

// castling_is_legal against the castling moves of the full generator, in random games
// from the varied starts (a Chess960 array among them) and in positions made for it.
TEST(Movegen, CastlingIsLegalIsACastlingMoveOfTheList) {
  int legal = 0, refused_with_right = 0;
  const auto check = [&](const Position& pos) {
    MoveList all;
    generate_legal(pos, all);
    const Color us = pos.side_to_move();
    for (CastlingSide side : {KingSide, QueenSide}) {
      const bool listed =
          pos.has_castling_right(us, side) && all.contains(Move(pos.king_square(us), pos.castling_rook(us, side), Move::Castling));
      ASSERT_EQ(castling_is_legal(pos, side), listed) << to_fen(pos) << " side " << int(side);
      legal += listed ? 1 : 0;
      refused_with_right += !listed && pos.has_castling_right(us, side) ? 1 : 0;
    }
  };
  testing::for_each_random_position(23, 60, check);
  for (const char* fen : {
           "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
           "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
           "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1",   // f1 attacked: no O-O
           "r3k2r/8/8/8/8/8/8/Rn2K2R w KQkq - 0 1",    // b1 taken: no O-O-O
           "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1",   // in check: neither
           "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
           "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",  // Chess960 rooks on b and g
           "7k/8/8/8/8/8/8/1KR5 w C - 0 1",             // Chess960: O-O-O with the king on b1, rook c1
           "7k/8/8/8/8/8/8/5RK1 w F - 0 1",              // king on g1 already, the rook jumps over
           "7k/8/8/8/8/8/8/rR3K2 w B - 0 1",             // Chess960: the rook that leaves b1 uncovers c1
       }) {
    const FenResult r = parse_fen(fen);
    ASSERT_TRUE(r.ok()) << fen;
    check(r.position);
  }
  EXPECT_GT(legal, 20);
  EXPECT_GT(refused_with_right, 50);
}

}  // namespace
}  // namespace chesstool
