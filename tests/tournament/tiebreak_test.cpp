// SPDX-License-Identifier: MIT
// Tests for tournament/tiebreak: C.07 (2023) tie-breaks, unplayed rounds, direct encounter
// with its partial case, codes and the recommended lists. Values computed by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tournament/tiebreak.hpp"

namespace chesstool {
namespace {

using tournament::TbGame;
using tournament::TbPlayer;
using tournament::TieBreak;

TbGame game(std::size_t opp, int half, bool white, int round, std::optional<int> rating = {}, bool played = true) {
  return TbGame{opp, half, white, played, round, rating};
}

TEST(TieBreak, DirectEncounterAllMet) {
  // Three players level on 2 points; among themselves A 1.5, B 1, C 0.5.
  std::vector<TbPlayer> p(3);
  p[0] = {"A", 4, {game(1, 2, true, 1), game(2, 1, false, 2)}};
  p[1] = {"B", 4, {game(0, 0, false, 1), game(2, 2, true, 3)}};
  p[2] = {"C", 4, {game(0, 1, true, 2), game(1, 0, false, 3)}};
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
  p[0] = {"X", 2, {game(2, 0, true, 1)}};
  p[1] = {"Y", 2, {game(2, 0, false, 2)}};
  p[2] = {"Z", 2, {game(0, 2, false, 1), game(1, 2, true, 2)}};
  auto r = tournament::rank_players(p, {TieBreak::DE}, 2);
  EXPECT_EQ(r.order, (std::vector<std::size_t>{2, 0, 1}));
  EXPECT_EQ(r.rank, (std::vector<int>{2, 2, 1}));  // X and Y share second place
  // With one more game missing Z is no longer sure of the top: nobody is placed.
  p[2].games.pop_back();
  p[1].games.clear();
  r = tournament::rank_players(p, {TieBreak::DE}, 2);
  EXPECT_EQ(r.rank, (std::vector<int>{1, 1, 1}));
}

TEST(TieBreak, DirectEncounterIgnoresForfeits) {
  // A forfeit is no encounter (C.07 16): A and B level, their only game a forfeit.
  std::vector<TbPlayer> p(2);
  p[0] = {"A", 2, {game(1, 2, true, 1, {}, false)}};
  p[1] = {"B", 2, {game(0, 0, false, 1, {}, false)}};
  auto r = tournament::rank_players(p, {TieBreak::DE}, 1);
  EXPECT_EQ(r.rank, (std::vector<int>{1, 1}));
}

TEST(TieBreak, UnplayedRoundsCountAsDummyOpponent) {
  // Three rounds. P0: round 1 beat P1 (2000) with Black, round 2 forfeit win against P2,
  // round 3 no game. P0 2 points, P1 1, P2 0.5. C.07 16: each unplayed round counts as a
  // game against a dummy with P0's own 2 points.
  std::vector<TbPlayer> p(3);
  p[0] = {"P0", 4, {game(1, 2, false, 1, 2000), game(2, 2, true, 2, 2200, false)}};
  p[1] = {"P1", 2, {game(0, 0, true, 1)}};
  p[2] = {"P2", 1, {game(0, 0, false, 2, {}, false)}};
  auto v = [&](TieBreak t) { return tournament::tiebreak_values(p, t, 3)[0]; };
  EXPECT_EQ(v(TieBreak::BH), 1.0 + 2.0 + 2.0);
  EXPECT_EQ(v(TieBreak::BH_C1), 2.0 + 2.0);
  EXPECT_EQ(v(TieBreak::BH_M1), 2.0);
  EXPECT_EQ(v(TieBreak::SB), 1.0 * 1 + 2.0 * 1 + 2.0 * 0);
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

TEST(TieBreak, LaterTieBreaksOnlySplitTheLevel) {
  // Level on points and on BH; SB decides. Rank numbers skip as standings do.
  std::vector<TbPlayer> p(3);
  p[0] = {"A", 2, {game(2, 2, true, 1)}};
  p[1] = {"B", 2, {game(2, 2, false, 2)}};
  p[2] = {"C", 0, {game(0, 0, false, 1), game(1, 0, true, 2)}};
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
