// SPDX-License-Identifier: MIT
// Tests for tournament/tiebreak: C.07 tie-breaks, unplayed rounds (15.2, 16), direct
// encounter with its partial case, codes and the default lists. Values computed by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tournament/tiebreak.hpp"

namespace chesstool {
namespace {

using tournament::TbGame;
using tournament::TbPlayer;
using tournament::TieBreak;

TbGame tb_game(std::size_t opp, int half, bool white, int round, std::optional<int> rating = {}, bool played = true) {
  return TbGame{opp, half, white, played, round, rating};
}

TEST(TieBreak, DirectEncounterAllMet) {
  // Three players level on 2 points; among themselves A 1.5, B 1, C 0.5.
  std::vector<TbPlayer> p(3);
  p[0] = {"A", 4, {tb_game(1, 2, true, 1), tb_game(2, 1, false, 2)}};
  p[1] = {"B", 4, {tb_game(0, 0, false, 1), tb_game(2, 2, true, 3)}};
  p[2] = {"C", 4, {tb_game(0, 1, true, 2), tb_game(1, 0, false, 3)}};
  auto r = tournament::rank_players(p, {TieBreak::DE}, 3);
  EXPECT_EQ(r.order, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(r.values[0][0], 1.5);
  EXPECT_EQ(r.values[1][0], 1.0);
  EXPECT_EQ(r.values[2][0], 0.5);
  EXPECT_EQ(r.rank, (std::vector<int>{1, 2, 3}));
}

TEST(TieBreak, DirectEncounterPartialAloneAtTop) {
  // C.07 6: Z beat both others; X and Y never met. Whatever X-Y would give, Z stays alone
  // at the top (2 > 0 + 1), so Z is first; X and Y stay level and go to the next tie-break.
  std::vector<TbPlayer> p(3);
  p[0] = {"X", 2, {tb_game(2, 0, true, 1)}};
  p[1] = {"Y", 2, {tb_game(2, 0, false, 2)}};
  p[2] = {"Z", 2, {tb_game(0, 2, false, 1), tb_game(1, 2, true, 2)}};
  auto r = tournament::rank_players(p, {TieBreak::DE}, 2);
  EXPECT_EQ(r.order, (std::vector<std::size_t>{2, 0, 1}));
  EXPECT_EQ(r.rank, (std::vector<int>{2, 2, 1}));  // X and Y share second place
  // 6.3 is for Swiss tournaments: in a round robin the partial case ranks nobody.
  r = tournament::rank_players(p, {TieBreak::DE}, 2, tournament::EventKind::RoundRobin);
  EXPECT_EQ(r.rank, (std::vector<int>{1, 1, 1}));
  // With one more game missing Z is no longer sure of the top: nobody is placed.
  p[2].games.pop_back();
  p[1].games.clear();
  r = tournament::rank_players(p, {TieBreak::DE}, 2);
  EXPECT_EQ(r.rank, (std::vector<int>{1, 1, 1}));
}

TEST(TieBreak, DirectEncounterAveragesRepeatedGames) {
  // C.07 6.1.2: two players who met more than once add the average of their games. A beat
  // B twice and lost to C; B beat C. Averages: A 1 + 0, B 0 + 1, C 1 + 0: all level (the
  // sums, A 2, B 1, C 1, would put A first).
  std::vector<TbPlayer> p(3);
  p[0] = {"A", 4, {tb_game(1, 2, true, 1), tb_game(1, 2, false, 2), tb_game(2, 0, true, 3)}};
  p[1] = {"B", 4, {tb_game(0, 0, false, 1), tb_game(0, 0, true, 2), tb_game(2, 2, true, 4)}};
  p[2] = {"C", 4, {tb_game(0, 2, false, 3), tb_game(1, 0, false, 4)}};
  auto r = tournament::rank_players(p, {TieBreak::DE}, 4);
  EXPECT_EQ(r.rank, (std::vector<int>{1, 1, 1}));
  EXPECT_EQ(r.values[0][0], 1.0);
}

TEST(TieBreak, DirectEncounterIgnoresForfeitsInASwiss) {
  // A Swiss: a forfeit is no encounter. A and B level, their only game a forfeit.
  std::vector<TbPlayer> p(2);
  p[0] = {"A", 2, {tb_game(1, 2, true, 1, {}, false)}};
  p[1] = {"B", 2, {tb_game(0, 0, false, 1, {}, false)}};
  auto r = tournament::rank_players(p, {TieBreak::DE}, 1);
  EXPECT_EQ(r.rank, (std::vector<int>{1, 1}));
}

TEST(TieBreak, RoundRobinCountsForfeitsAsGames) {
  // C.07 15.2: with pre-determined pairings forfeits are regular games, except in the
  // rating-based tie-breaks. A round robin of three: A won against B by forfeit and beat C
  // over the board; B beat C.
  std::vector<TbPlayer> p(3);
  p[0] = {"A", 4, {tb_game(1, 2, true, 1, 2100, false), tb_game(2, 2, false, 2, 1900)}};
  p[1] = {"B", 2, {tb_game(0, 0, false, 1, 2000, false), tb_game(2, 2, true, 3, 1900)}};
  p[2] = {"C", 0, {tb_game(0, 0, true, 2, 2000), tb_game(1, 0, false, 3, 2100)}};
  const auto rr = tournament::EventKind::RoundRobin;
  auto v = [&](TieBreak t) { return tournament::tiebreak_values(p, t, 3, rr)[0]; };
  EXPECT_EQ(v(TieBreak::SB), 1.0 + 0.0);  // B's real 1 point, not a dummy with A's 2
  EXPECT_EQ(v(TieBreak::BH), 1.0 + 0.0);  // no dummy for the round without a game
  EXPECT_EQ(v(TieBreak::KS), 1.0);        // B has 1 of 2 games: 50%; the forfeit counts
  EXPECT_EQ(v(TieBreak::ARO), 1900);      // but only C was met over the board (15.2)
  EXPECT_EQ(v(TieBreak::WON), 2);         // the forfeit win is a regular game (15.2)
  // The forfeit is a game with Black for the one who lost it too, as for C, who won one.
  EXPECT_EQ(tournament::tiebreak_values(p, TieBreak::BPG, 3, rr)[1], 1);
  EXPECT_EQ(tournament::tiebreak_values(p, TieBreak::BPG, 3)[1], 0);  // in a Swiss: over the board only
  EXPECT_EQ(tournament::tiebreak_values(p, TieBreak::WON, 3)[0], 1);      // in a Swiss: over the board only
  // D and E level on points, their game a forfeit: in a round robin DE decides it.
  std::vector<TbPlayer> q(2);
  q[0] = {"D", 2, {tb_game(1, 2, true, 1, {}, false)}};
  q[1] = {"E", 2, {tb_game(0, 0, false, 1, {}, false)}};
  auto r = tournament::rank_players(q, {TieBreak::DE}, 1, rr);
  EXPECT_EQ(r.rank, (std::vector<int>{1, 2}));
  EXPECT_EQ(r.values[0][0], 1.0);
}

TEST(TieBreak, ProgressiveSkipsRoundsWithoutAGameInARoundRobin) {
  // A round robin of three: everyone sits out one round. Round 1 A-B 1-0, round 2 B-C 1-0,
  // round 3 C-A draw. 15.2: a round without a game is no round of the player, so the
  // running scores are A 1, 1.5; B 0, 1; C 0, 0.5 (not A 1, 1, 1.5 and B 0, 1, 1).
  std::vector<TbPlayer> p(3);
  p[0] = {"A", 3, {tb_game(1, 2, true, 1), tb_game(2, 1, false, 3)}};
  p[1] = {"B", 2, {tb_game(0, 0, false, 1), tb_game(2, 2, true, 2)}};
  p[2] = {"C", 1, {tb_game(1, 0, false, 2), tb_game(0, 1, true, 3)}};
  const auto rr = tournament::EventKind::RoundRobin;
  EXPECT_EQ(tournament::tiebreak_values(p, TieBreak::PS, 3, rr), (std::vector<std::optional<double>>{2.5, 1.0, 0.5}));
  // In a Swiss the round without a game is a round of the player (a zero-point bye).
  EXPECT_EQ(tournament::tiebreak_values(p, TieBreak::PS, 3), (std::vector<std::optional<double>>{3.5, 2.0, 0.5}));
}

TEST(TieBreak, UnplayedRoundsCountAsDummyOpponent) {
  // A Swiss of three rounds. P0: round 1 beat P1 (2000) with Black, round 2 forfeit win
  // against P2, round 3 no game. P0 2 points, P1 1, P2 0.5.
  // C.07 16.3: for P0's tie-breaks P1's and P2's rounds without a game are requested byes
  // followed only by unplayed rounds (16.2.5), counted as draws: P1 1 + 1 = 2, P2 0.5 + 1
  // = 1.5. 16.4: P0's forfeit round is a dummy with P0's 2 points but at most P2's 1.5
  // (16.4.1); P0's round 3 a dummy with 2 points but at most 0.5 x 3 = 1.5 (16.4.2).
  std::vector<TbPlayer> p(3);
  p[0] = {"P0", 4, {tb_game(1, 2, false, 1, 2000), tb_game(2, 2, true, 2, 2200, false)}};
  p[1] = {"P1", 2, {tb_game(0, 0, true, 1)}};
  p[2] = {"P2", 1, {tb_game(0, 0, false, 2, {}, false)}};
  auto v = [&](TieBreak t) { return tournament::tiebreak_values(p, t, 3)[0]; };
  EXPECT_EQ(v(TieBreak::BH), 2.0 + 1.5 + 1.5);
  // 16.5.1: P0's round 3 is a voluntary unplayed round: Cut-1 cuts it.
  EXPECT_EQ(v(TieBreak::BH_C1), 2.0 + 1.5);
  EXPECT_EQ(v(TieBreak::BH_M1), 1.5);  // then Median-1 cuts the highest, P1's 2
  EXPECT_EQ(v(TieBreak::SB), 2.0 * 1 + 1.5 * 1 + 1.5 * 0);
  EXPECT_EQ(v(TieBreak::WIN), 2);  // the forfeit win counts (7.1)
  EXPECT_EQ(v(TieBreak::WON), 1);  // over the board only (7.2)
  EXPECT_EQ(v(TieBreak::BPG), 1);
  EXPECT_EQ(v(TieBreak::BWG), 1);
  EXPECT_EQ(v(TieBreak::PS), 1 + 2 + 2);
  EXPECT_EQ(v(TieBreak::KS), 0);       // P1's 1 point is under 50% of 3
  EXPECT_EQ(v(TieBreak::ARO), 2000);   // the forfeit's opponent is not met
  EXPECT_FALSE(v(TieBreak::AROC1));    // one opponent, cut: none left
  EXPECT_EQ(v(TieBreak::TPR), 2800);   // 100%: 2000 + 800
  EXPECT_FALSE(v(TieBreak::DE));
}

TEST(TieBreak, ByeCategoriesAndTheCutOfAVoluntaryRound) {
  // Three rounds. P0 beat P1 (round 1) and P2 (round 2), no game in round 3: 2 points.
  // P1 has no game in rounds 2 and 3 (16.2.5: counted as draws for P0): 0 + 1 = 1.
  // P2 has no game in round 1, followed by a played round 2 (16.2.3: counted as awarded,
  // 0), and none in round 3 (16.2.5: a draw): 0 + 0.5.
  std::vector<TbPlayer> p(3);
  p[0] = {"P0", 4, {tb_game(1, 2, true, 1), tb_game(2, 2, false, 2)}};
  p[1] = {"P1", 0, {tb_game(0, 0, false, 1)}};
  p[2] = {"P2", 0, {tb_game(0, 0, true, 2)}};
  auto v = [&](TieBreak t) { return tournament::tiebreak_values(p, t, 3)[0]; };
  // P0's round 3: a dummy with P0's 2 points, at most 0.5 x 3 rounds (16.4.2).
  EXPECT_EQ(v(TieBreak::BH), 1.0 + 0.5 + 1.5);
  // 16.5.1: the cut takes the voluntary unplayed round's 1.5, not the least value 0.5.
  EXPECT_EQ(v(TieBreak::BH_C1), 1.0 + 0.5);
  EXPECT_EQ(v(TieBreak::SB), 1.0 + 0.5);
  // P0 and P1 also meet in round 3: no unplayed round is left for P0, and the least
  // value is cut (14.1). P1 now has one unplayed round, round 2, followed by a played
  // round (16.2.3): P1 counts 0 twice, P2 0.5.
  p[0].games.push_back(tb_game(1, 2, true, 3));
  p[0].half_points = 6;
  p[1].games.push_back(tb_game(0, 0, false, 3));
  EXPECT_EQ(v(TieBreak::BH), 0.0 + 0.5 + 0.0);
  EXPECT_EQ(v(TieBreak::BH_C1), 0.5);
}

TEST(TieBreak, LaterTieBreaksOnlySplitTheLevel) {
  // Level on points and on BH; SB decides. Rank numbers skip as standings do.
  std::vector<TbPlayer> p(3);
  p[0] = {"A", 2, {tb_game(2, 2, true, 1)}};
  p[1] = {"B", 2, {tb_game(2, 2, false, 2)}};
  p[2] = {"C", 0, {tb_game(0, 0, false, 1), tb_game(1, 0, true, 2)}};
  auto r = tournament::rank_players(p, {TieBreak::WIN, TieBreak::BPG}, 2);
  EXPECT_EQ(r.order, (std::vector<std::size_t>{1, 0, 2}));  // B played Black
  EXPECT_EQ(r.rank, (std::vector<int>{2, 1, 3}));
}

TEST(TieBreak, CodesAndLists) {
  std::vector<TieBreak> l;
  std::string e;
  ASSERT_TRUE(tournament::parse_tiebreak_list("de, win,SB,bh/c1,ARO-C1,BH-M1", l, e)) << e;
  EXPECT_EQ(l, (std::vector<TieBreak>{TieBreak::DE, TieBreak::WIN, TieBreak::SB, TieBreak::BH_C1, TieBreak::AROC1,
                                      TieBreak::BH_M1}));
  EXPECT_FALSE(tournament::parse_tiebreak_list("DE,XX", l, e));
  EXPECT_NE(e.find("'XX'"), std::string::npos);
  EXPECT_FALSE(tournament::parse_tiebreak_list("SB,sb", l, e));
  EXPECT_FALSE(tournament::parse_tiebreak_list("", l, e));
  for (auto t : {TieBreak::DE, TieBreak::WIN, TieBreak::WON, TieBreak::BPG, TieBreak::BWG, TieBreak::PS, TieBreak::BH,
                 TieBreak::BH_C1, TieBreak::BH_M1, TieBreak::SB, TieBreak::KS, TieBreak::ARO, TieBreak::AROC1, TieBreak::TPR})
    EXPECT_EQ(tournament::parse_tiebreak(tournament::tiebreak_code(t)), t);
  EXPECT_EQ(tournament::default_tiebreaks(tournament::EventKind::RoundRobin),
            (std::vector<TieBreak>{TieBreak::DE, TieBreak::WIN, TieBreak::SB, TieBreak::KS}));
  EXPECT_EQ(tournament::default_tiebreaks(tournament::EventKind::Swiss),
            (std::vector<TieBreak>{TieBreak::BH_C1, TieBreak::BH, TieBreak::DE, TieBreak::WIN}));
}

}  // namespace
}  // namespace chesstool
