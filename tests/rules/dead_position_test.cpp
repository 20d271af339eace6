// SPDX-License-Identifier: MIT
// The locked-pawn dead-position proof (FIDE 5.2.2) and the one-sided "can ever mate" (6.9).
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "core/fen.hpp"
#include "core/movegen.hpp"
#include "core/san.hpp"
#include "pgn/game_end.hpp"
#include "rules/dead_position.hpp"
#include "rules/outcome.hpp"
#include "support/check_text.hpp"

using namespace chesstool;
using chesstool::pgn::says_lost_on_time;

namespace {

Position fen(const char* text) {
  FenResult r = parse_fen(text);
  EXPECT_TRUE(r.ok()) << text << ": " << (r.ok() ? "" : r.error->to_string());
  return r.position;
}

// Plays a line of SAN from `start` (move numbers skipped; every token must resolve with
// exactly the check sign it writes) and returns whether its last move checkmates. A live
// look-alike proves it is alive this way: some series of legal moves mates.
bool line_mates(const char* start, const std::string& line) {
  Position pos = fen(start);
  std::istringstream in(line);
  std::string token;
  while (in >> token) {
    if (token.back() == '.') continue;
    Position after;
    const SanResolution r = resolve_san(pos, token, &after);
    EXPECT_TRUE(r.ok()) << token << ": " << r.message;
    EXPECT_EQ(r.lenient, 0u) << token << " is not the canonical SAN";
    if (!r.ok()) return false;
    pos = after;
  }
  return is_checkmate(pos);
}

// A wall of pawns on ranks 6/7: the white king is kept below rank 6, the black king on
// rank 8 (every square of rank 7 holds a black pawn or is attacked by a white one).
constexpr const char* kRank8Pocket = "7k/1p1p1p1p/1P1P1P1P/8/8/8/8/4K3 w - - 0 1";
// The issue's position: a wall on ranks 3/4, kings on either side.
constexpr const char* kIssueWall = "8/8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4 w - - 0 1";
// A staggered chain (white pawns on dark squares, black on light) with a dark-squared
// white bishop and a light-squared black one, each shut in behind its own pawns.
constexpr const char* kChainWithBishops = "4b3/8/2k5/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/2B1K3 w - - 0 1";

}  // namespace

TEST(DeadPosition, LockedWallWithBareKingsIsDead) {
  for (const char* f : {kIssueWall, kRank8Pocket, "8/8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4 b - - 0 1",
                        "3k4/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1"}) {
    const Position pos = fen(f);
    EXPECT_FALSE(is_insufficient_material(pos)) << f;  // pawns: not bare material
    EXPECT_TRUE(is_dead_position(pos)) << f;
    const LockedAnalysis a = analyse_locked_position(pos);
    EXPECT_TRUE(a.locked) << f;
    EXPECT_FALSE(a.may_check[White]) << f;
    EXPECT_FALSE(a.may_check[Black]) << f;
    EXPECT_FALSE(can_ever_checkmate(pos, White)) << f;
    EXPECT_FALSE(can_ever_checkmate(pos, Black)) << f;
  }
}

TEST(DeadPosition, BishopsShutInBehindTheirOwnChainAreDead) {
  // Each bishop's squares behind the chain are of the colour its own pawns block, and no
  // square it can reach is attacked by an enemy pawn: it never captures, is never
  // captured and never checks.
  EXPECT_TRUE(is_dead_position(fen(kChainWithBishops)));
  EXPECT_TRUE(is_dead_position(fen("8/8/2k5/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/2B1K3 b - - 0 1")));
}

TEST(DeadPosition, ProtectedPawnNextToTheKingsRegionCannotBeTaken) {
  // The black king on b6 stands beside the chain; b4 and the other white pawns it could
  // reach are protected by pawns, which never move, so no capture can ever happen.
  EXPECT_TRUE(is_dead_position(fen("8/8/1k6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1")));
}

TEST(DeadPosition, LivePawnThatCanStillAdvance) {
  constexpr const char* f = "7k/1p1p1p1p/1P1P1P1P/8/8/8/P7/4K3 w - - 0 1";
  EXPECT_FALSE(is_dead_position(fen(f)));
  EXPECT_FALSE(analyse_locked_position(fen(f)).locked);
  EXPECT_FALSE(analyse_locked_position(fen(f)).transient);
  EXPECT_TRUE(can_ever_checkmate(fen(f), White));
  EXPECT_TRUE(line_mates(f, "1. a4 Kg8 2. a5 Kh8 3. a6 Kg8 4. a7 Kh8 5. a8=Q#"));
}

TEST(DeadPosition, LiveKingThatCanTakeAnUnprotectedPawn) {
  // As the pocket, plus a locked pair a4/a5: nothing can move, but the white king can walk
  // to b5 and take a5, after which the a-pawn queens.
  constexpr const char* f = "7k/1p1p1p1p/1P1P1P1P/p7/P7/8/8/1K6 w - - 0 1";
  EXPECT_FALSE(is_dead_position(fen(f)));
  EXPECT_FALSE(analyse_locked_position(fen(f)).locked);
  EXPECT_TRUE(line_mates(
      f, "1. Kc2 Kg8 2. Kc3 Kh8 3. Kc4 Kg8 4. Kb5 Kh8 5. Kxa5 Kg8 6. Kb5 Kh8 7. a5 Kg8 8. a6 Kh8 9. a7 Kg8 10. a8=Q#"));
}

TEST(DeadPosition, LiveBishopThatCanReachAPawn) {
  // The pocket with a light-squared white bishop: it reaches a6 and takes b7.
  constexpr const char* f = "7k/1p1p1p1p/1P1P1P1P/8/8/8/8/4KB2 w - - 0 1";
  EXPECT_FALSE(is_dead_position(fen(f)));
  EXPECT_TRUE(line_mates(f, "1. Bb5 Kg8 2. Ba6 Kh8 3. Bxb7 Kg8 4. Ba6 Kh8 5. b7 Kg8 6. b8=Q#"));
}

TEST(DeadPosition, LivePawnThatCanCaptureAPawn) {
  // The issue's wall with the g-pawns one file over: the black g-pawn on h4 attacks g3.
  constexpr const char* f = "8/8/8/1k6/p1p1p2p/P1P1P1P1/8/3K4 w - - 0 1";
  EXPECT_FALSE(is_dead_position(fen(f)));
  EXPECT_FALSE(analyse_locked_position(fen(f)).locked);
}

TEST(DeadPosition, EnPassantStillPossibleIsNotLocked) {
  // White has just played b2-b4 into the issue's wall: a4xb3 or c4xb3 en passant is
  // legal now, so the wall can still change; one move later (the right lapsed) it is dead.
  constexpr const char* now = "8/8/4k3/1p6/pPp1p1p1/P1P1P1P1/8/3K4 b - b3 0 1";
  constexpr const char* lapsed = "8/8/4k3/1p6/pPp1p1p1/P1P1P1P1/8/3K4 b - - 0 1";
  const Position pos = fen(now);
  ASSERT_NE(pos.ep_square(), kNoSquare);
  const SanResolution capture = resolve_san(pos, "axb3");
  ASSERT_TRUE(capture.ok()) << capture.message;
  EXPECT_EQ(capture.move.kind(), Move::EnPassant);
  EXPECT_FALSE(is_dead_position(pos));
  EXPECT_TRUE(analyse_locked_position(pos).transient);  // the caller looks again next move
  EXPECT_TRUE(is_dead_position(fen(lapsed)));
}

TEST(DeadPosition, InCheckFromAPawnIsNotJudged) {
  // The white king on a6, inside the pocket's wall, is in check from b7: the analysis
  // proves nothing about a king that stands on a square an enemy pawn attacks.
  const Position pos = fen("7k/1p1p1p1p/KP1P1P1P/8/8/8/8/8 w - - 0 1");
  ASSERT_TRUE(pos.is_check());
  EXPECT_FALSE(analyse_locked_position(pos).locked);
  EXPECT_TRUE(analyse_locked_position(pos).transient);
  EXPECT_FALSE(is_dead_position(pos));
  // Once the king has stepped out (Ka5 is not a capture or pawn move), the wall is dead.
  EXPECT_TRUE(is_dead_position(fen("7k/1p1p1p1p/1P1P1P1P/K7/8/8/8/8 b - - 1 1")));
}

TEST(DeadPosition, DarkBishopBehindTheIssuesWallIsShutIn) {
  // Every dark square of rank 3 holds a white pawn and the black pawns attack only light
  // squares: the bishop on c1 never leaves ranks 1-2.
  EXPECT_TRUE(is_dead_position(fen("8/8/8/1k6/p1p1p1p1/P1P1P1P1/8/2BK4 w - - 0 1")));
}

TEST(DeadPosition, OneSideLockedOutTheOtherMayMate) {
  // The chain with two light-squared black bishops and a dark-squared white bishop on the
  // black side (the h-pawns are gone: one of the bishops is a promoted pawn, and the
  // h-file stays shut, h3 and h4 guarded by the pawns on g4 and g3): White's bishop can check the black king (and mates with Black's help),
  // Black's bishops never reach White's side. FIDE 6.9: White flagging is a draw, Black
  // flagging a loss.
  constexpr const char* f = "7k/5b1b/8/1pBp1p2/pPpPpPp1/P1P1P1P1/8/4K3 w - - 0 1";
  const LockedAnalysis a = analyse_locked_position(fen(f));
  EXPECT_TRUE(a.locked);
  EXPECT_TRUE(a.may_check[White]);
  EXPECT_FALSE(a.may_check[Black]);
  EXPECT_FALSE(is_dead_position(fen(f)));
  EXPECT_TRUE(can_ever_checkmate(fen(f), White));
  EXPECT_FALSE(can_ever_checkmate(fen(f), Black));
  EXPECT_TRUE(line_mates(f, "1. Be7 Bfg8 2. Bf6#"));
}

TEST(DeadPosition, ABishopThatCanCheckButNeverMateIsFoundByTheClosedSearch) {
  // White's dark-squared bishop on the black side can check the bare black king, but the
  // king always has a free square (no black piece can block one): the static test cannot
  // tell, the exhaustive search of the reachable positions proves it dead.
  constexpr const char* f = "7k/8/8/1pBp1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1";
  const LockedAnalysis a = analyse_locked_position(fen(f));
  ASSERT_TRUE(a.locked);
  EXPECT_TRUE(a.may_check[White]);
  EXPECT_FALSE(a.may_check[Black]);
  const bool both[2] = {true, true};
  const ClosedSearch s = search_for_mates(fen(f), both, kClosedSearchLimit);
  EXPECT_TRUE(s.complete);
  EXPECT_FALSE(s.mate_by[White]);
  EXPECT_GT(s.states, 1000u);  // kings and bishop in their regions, either side to move
  EXPECT_TRUE(is_dead_position(fen(f)));
  EXPECT_FALSE(can_ever_checkmate(fen(f), White));
  // Cut off by its bound, the same search proves nothing.
  const ClosedSearch cut = search_for_mates(fen(f), both, 100);
  EXPECT_FALSE(cut.complete);
  // With Black's bishops to block the king's squares the search finds the mate instead
  // (OneSideLockedOutTheOtherMayMate replays it).
  const ClosedSearch mates = search_for_mates(fen("7k/5b1b/8/1pBp1p2/pPpPpPp1/P1P1P1P1/8/4K3 w - - 0 1"), both,
                                              kClosedSearchLimit);
  EXPECT_TRUE(mates.mate_by[White]);
  EXPECT_FALSE(mates.mate_by[Black]);
}

TEST(DeadPosition, BareMaterialAnswersTheOneSidedQuestion) {
  // FIDE 6.9 per side: a bare king never mates; K+N or K+B against a bare king cannot;
  // against a pawn they can (the pawn may block the king's escape).
  EXPECT_FALSE(can_ever_checkmate(fen("4k3/8/8/8/8/3p4/8/4K3 w - - 0 1"), White));
  EXPECT_TRUE(can_ever_checkmate(fen("4k3/8/8/8/8/3p4/8/4K3 w - - 0 1"), Black));
  EXPECT_FALSE(can_ever_checkmate(fen("4k3/8/8/8/8/8/n7/4K3 w - - 0 1"), Black));
  EXPECT_TRUE(can_ever_checkmate(fen("4k3/8/8/8/8/8/n6P/4K3 w - - 0 1"), Black));
  // Bishops all on one colour, any side: neither can mate (insufficient material).
  EXPECT_FALSE(can_ever_checkmate(fen("8/8/8/4k3/8/b7/8/2B1K3 w - - 0 1"), White));
  EXPECT_FALSE(can_ever_checkmate(fen("8/8/8/4k3/8/b7/8/2B1K3 w - - 0 1"), Black));
  // K+N against K+N: either side can mate with help.
  EXPECT_TRUE(can_ever_checkmate(fen("8/8/8/4k3/8/8/n7/3NK3 w - - 0 1"), White));
  EXPECT_TRUE(line_mates("k7/n7/1K6/8/8/8/8/3N4 w - - 0 1", "1. Nc3 Nc6 2. Nb5 Nb8 3. Nc7#"));
}

TEST(DeadPosition, OpenPositionsAreNeverJudgedDead) {
  for (const char* f : {kStartFen, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                        "8/8/8/4k3/8/8/8/4K2R w K - 0 1", "8/5k2/8/8/8/8/8/2NNK3 w - - 0 1"}) {
    EXPECT_FALSE(is_dead_position(fen(f))) << f;
    EXPECT_TRUE(can_ever_checkmate(fen(f), White)) << f;
  }
}

TEST(DeadPosition, NeverDeadWhereAShortHelpmateExists) {
  // Soundness by search: from every position on a few short lines out of locked-looking
  // starts, when the analysis says "side can never mate", no mate by that side exists
  // within four plies (an exhaustive cooperative search).
  struct Search {
    static bool mate_within(const Position& pos, int plies, Color mater) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.size() == 0) return pos.is_check() && pos.side_to_move() != mater;
      if (plies == 0) return false;
      for (Move m : moves)
        if (mate_within(pos.after(m), plies - 1, mater)) return true;
      return false;
    }
  };
  int judged = 0;
  for (const char* f : {kIssueWall, kRank8Pocket, kChainWithBishops, "7k/5b1b/8/1pBp1p2/pPpPpPp1/P1P1P1P1/8/4K3 w - - 0 1",
                        "7k/1p1p1p1p/1P1P1P1P/8/8/8/8/4KB2 w - - 0 1", "6k1/1p1p1p1p/1P1P1P1P/8/8/8/8/4K3 b - - 0 1"}) {
    const Position pos = fen(f);
    for (Color c : {White, Black})
      if (!can_ever_checkmate(pos, c)) {
        ++judged;
        EXPECT_FALSE(Search::mate_within(pos, 4, c)) << f;
      }
  }
  EXPECT_EQ(judged, 9);
}

// ---------------------------------------------------------------------------------------
// The rule in a game (pgn/game_end): the status, the end mid-game, 6.9 on time forfeits.

namespace {

std::string game_pgn(const std::string& result, const std::string& fen_text, const std::string& moves,
                     const std::string& extra_tags = "") {
  return "[Event \"t\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"" +
         result + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen_text + "\"]\n" + extra_tags + "\n" + moves + " " + result + "\n";
}

}  // namespace

TEST(DeadPositionInGames, TheIssuesWallIsDeadFromTheStart) {
  auto games = chesstool::testing::check_text(game_pgn("1/2-1/2", kIssueWall, "1. Ke1"));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].outcome.termination, Termination::DeadPosition);
  EXPECT_EQ(names_of(games[0].outcome.termination).json, "dead_position");
  ASSERT_TRUE(games[0].ended_at.has_value());
  EXPECT_EQ(*games[0].ended_at, 0);
  EXPECT_TRUE(chesstool::testing::has_code(games[0].warnings, "moves-after-game-end"));
  EXPECT_FALSE(chesstool::testing::has_code(games[0].warnings, "result-contradicts-position"));
}

TEST(DeadPositionInGames, ACaptureThatLocksThePawnsEndsTheGameThere) {
  // A white knight on the black side of the chain could cross it; 1...Kxc7 removes it and
  // the position is dead from that ply on: White's later moves were played after the end.
  constexpr const char* start = "8/2N5/2k5/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 b - - 0 1";
  auto games = chesstool::testing::check_text(game_pgn("1-0", start, "1... Kxc7 2. Kd2 Kb6 3. Kc2"));
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].valid);
  EXPECT_FALSE(is_dead_position(fen(start)));
  EXPECT_EQ(games[0].outcome.termination, Termination::DeadPosition);
  ASSERT_TRUE(games[0].ended_at.has_value());
  EXPECT_EQ(*games[0].ended_at, 1);
  EXPECT_TRUE(chesstool::testing::has_code(games[0].warnings, "moves-after-game-end"));
  EXPECT_TRUE(chesstool::testing::has_code(games[0].warnings, "result-contradicts-position"));
}

TEST(DeadPositionInGames, ALapsedEnPassantRightIsLookedAtAgain) {
  // White's b2-b4 gives Black an en passant capture; Black declines (a king move, neither
  // a capture nor a pawn move) and the wall is dead from then on.
  constexpr const char* start = "8/8/4k3/1p6/p1p1p1p1/P1P1P1P1/1P6/3K4 w - - 0 1";
  auto games = chesstool::testing::check_text(game_pgn("1/2-1/2", start, "1. b4 Kd6 2. Ke1"));
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].valid);
  EXPECT_EQ(games[0].outcome.termination, Termination::DeadPosition);
  ASSERT_TRUE(games[0].ended_at.has_value());  // at 1...Kd6, not only at the final position
  EXPECT_EQ(*games[0].ended_at, 2);
}

TEST(DeadPositionInGames, WinOnTimeByASideThatCannotMateIsFlagged) {
  // FIDE 6.9: Black's bishops never reach White's side, so White's flag fall is a draw; a
  // Black flag fall stands, White can mate (OneSideLockedOutTheOtherMayMate).
  constexpr const char* f = "7k/5b1b/8/1pBp1p2/pPpPpPp1/P1P1P1P1/8/4K3 w - - 0 1";
  const std::string lichess = "[Termination \"Time forfeit\"]\n";
  auto won_by_black = chesstool::testing::check_text(game_pgn("0-1", f, "1. Kd1 Kg8", lichess));
  EXPECT_TRUE(chesstool::testing::has_code(won_by_black[0].warnings, "win-on-time-unwinnable"));
  EXPECT_FALSE(chesstool::testing::has_code(won_by_black[0].warnings, "time-forfeit-draw"));
  auto won_by_white = chesstool::testing::check_text(game_pgn("1-0", f, "1. Kd1 Kg8", lichess));
  EXPECT_FALSE(chesstool::testing::has_code(won_by_white[0].warnings, "win-on-time-unwinnable"));
  // The same told by a FICS-style final comment, any letter case, and under --strict an error.
  auto comment = chesstool::testing::check_text(game_pgn("0-1", f, "1. Kd1 Kg8 {WHITE forfeits on time}"), true);
  EXPECT_TRUE(chesstool::testing::has_code(comment[0].errors, "win-on-time-unwinnable"));
  // A comment earlier in the game says nothing about how it ended.
  auto early = chesstool::testing::check_text(game_pgn("0-1", f, "1. Kd1 {on time} Kg8"));
  EXPECT_FALSE(chesstool::testing::has_code(early[0].warnings, "win-on-time-unwinnable"));
  // A resignation is not a flag fall.
  auto resigned = chesstool::testing::check_text(game_pgn("0-1", f, "1. Kd1 Kg8", "[Termination \"normal\"]\n"));
  EXPECT_FALSE(chesstool::testing::has_code(resigned[0].warnings, "win-on-time-unwinnable"));
  // A game without moves: its comment is the text after its last move (found by QA: the
  // win on time against a bare king was not flagged, as it is with the Termination tag).
  constexpr const char* bare = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  auto moveless = chesstool::testing::check_text(game_pgn("0-1", bare, "{White forfeits on time}"));
  EXPECT_TRUE(chesstool::testing::has_code(moveless[0].warnings, "time-forfeit-draw"));
  auto first = chesstool::testing::check_text("{White forfeits on time}\n[SetUp \"1\"]\n[FEN \"" + std::string(bare) +
                                              "\"]\n\n0-1\n");  // the comment at the game's first byte
  EXPECT_TRUE(chesstool::testing::has_code(first[0].warnings, "time-forfeit-draw"));
  auto held = chesstool::testing::check_text("[SetUp \"1\"]\n[FEN \"" + std::string(bare) +
                                             "\"]\n{White forfeits on time} {[%clk 0:00:00]} 0-1\n");
  EXPECT_TRUE(chesstool::testing::has_code(held[0].warnings, "time-forfeit-draw"));
  auto no_word = chesstool::testing::check_text(game_pgn("0-1", bare, "{White resigns}"));
  EXPECT_FALSE(chesstool::testing::has_code(no_word[0].warnings, "time-forfeit-draw"));
  EXPECT_TRUE(says_lost_on_time("Time forfeit"));
  EXPECT_TRUE(says_lost_on_time("the flag fell"));
  EXPECT_FALSE(says_lost_on_time("[%clk 0:00:00]"));
}

TEST(DeadPositionInGames, SetUpTagsProblemsPointAtTheirTag) {
  auto bad_fen = chesstool::testing::check_text(game_pgn("*", "8/8/8/8/8/8/8/8 w - - 0 1", "1. Kb1"));
  ASSERT_TRUE(chesstool::testing::has_code(bad_fen[0].errors, "invalid-fen"));
  EXPECT_EQ(bad_fen[0].errors[0].line, 9u);  // [FEN ...] is the game's ninth line
  auto variant = chesstool::testing::check_text("[Event \"t\"]\n[Variant \"crazyhouse\"]\n\n1. e4 *\n");
  ASSERT_TRUE(chesstool::testing::has_code(variant[0].errors, "unsupported-variant"));
  EXPECT_EQ(variant[0].errors[0].line, 2u);
}

TEST(DeadPosition, DeadnessIsClosedUnderEveryMoveAndRandomPlayNeverMates) {
  // The proof describes a closed set: every legal move from a dead position leads to a
  // dead one (or to a stalemate), so random play from one never reaches a mate. 64 random
  // walks of 200 plies from each dead start; a fixed seed keeps the test repeatable.
  std::uint64_t seed = 0x9E3779B97F4A7C15ULL;
  auto next = [&seed] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  int positions = 0;
  // The last start is dead by the closed search, which costs milliseconds: its walks only
  // check that no mate comes.
  const char* searched = "7k/8/8/1pBp1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1";
  for (const char* f : {kIssueWall, kRank8Pocket, kChainWithBishops, searched}) {
    ASSERT_TRUE(is_dead_position(fen(f))) << f;
    for (int walk = 0; walk < 64; ++walk) {
      Position pos = fen(f);
      for (int ply = 0; ply < 200; ++ply) {
        MoveList moves;
        generate_legal(pos, moves);
        ASSERT_FALSE(moves.size() == 0 && pos.is_check()) << "mate reached from " << f;
        if (moves.size() == 0) break;  // stalemate
        if (f != searched) {
          for (Move m : moves) ASSERT_TRUE(is_dead_position(pos.after(m))) << f;
        }
        pos = pos.after(moves.moves[next() % std::uint64_t(moves.size())]);
        ++positions;
      }
    }
  }
  EXPECT_GT(positions, 40000);
}
