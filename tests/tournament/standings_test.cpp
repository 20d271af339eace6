// SPDX-License-Identifier: MIT
// Tests for tournament/standings: which games count, scores, ranks, rating figures per player.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "support/check_text.hpp"
#include "pgn/replay.hpp"
#include "tournament/rating.hpp"
#include "tournament/standings.hpp"
#include "tournament/time_control.hpp"
#include "support/paths.hpp"

namespace chesstool {
namespace {

using tournament::TimeClass;

// ---- Standings and tie-breaks ----

tournament::EventGame game(std::string w, std::string b, int white_half, std::optional<int> we = {}, std::optional<int> be = {}) {
  tournament::EventGame g;
  g.white = std::move(w);
  g.black = std::move(b);
  g.white_half_points = white_half;
  g.black_half_points = 2 - white_half;
  static const std::string standard = "5400+30";
  g.time_control = tournament::classify_time_control(&standard);
  g.white_elo = we;
  g.black_elo = be;
  return g;
}

TEST(ReportStandings, ScoresTieBreaksAndUnratedOpponents) {
  // A beats B, B beats C, C beats A, D loses to all: A, B, C level on 2 points.
  std::vector<tournament::EventGame> g = {game("A", "B", 2, 1600, 1800), game("B", "C", 2, 1800, 2000),
                                      game("C", "A", 2, 2000, 1600), game("A", "D", 2, 1600),
                                      game("D", "B", 0, {}, 1800),  game("C", "D", 1, 2000)};
  auto s = tournament::compute_standings(g, {});
  ASSERT_EQ(s.players.size(), 4u);
  // C drew with D: 1.5 points. A and B 2 points; they met: direct encounter A 1, B 0.
  EXPECT_EQ(s.players[0].name, "A");
  EXPECT_EQ(s.players[0].points, 2);
  EXPECT_EQ(s.players[0].direct_encounter, 1.0);
  EXPECT_EQ(s.players[1].name, "B");
  EXPECT_EQ(s.players[1].direct_encounter, 0.0);
  EXPECT_EQ(s.players[2].name, "C");
  EXPECT_EQ(s.players[2].points, 1.5);
  EXPECT_FALSE(s.players[2].direct_encounter);
  EXPECT_EQ(s.players[3].name, "D");
  EXPECT_EQ(s.players[3].points, 0.5);
  // Buchholz of A: B 2 + C 1.5 + D 0.5; Sonneborn-Berger: beat B (2) and D (0.5).
  EXPECT_EQ(s.players[0].buchholz, 4.0);
  EXPECT_EQ(s.players[0].sonneborn_berger, 2.5);
  // C's SB: beat A (2) + half of D (0.25).
  EXPECT_EQ(s.players[2].sonneborn_berger, 2.25);
  // A's rating change ignores the game against unrated D: +15.2 (beat 1800, PD .24) - 1.6
  // (lost to 2000, difference 400: PD .08) = +13.6 -> +14.
  ASSERT_TRUE(s.players[0].rating_change);
  EXPECT_EQ(s.players[0].rating_change->games, 2);
  EXPECT_DOUBLE_EQ(s.players[0].rating_change->exact, 13.6);
  EXPECT_EQ(s.players[0].rating_change->rounded, 14);
  EXPECT_FALSE(s.players[3].rating_change);  // D is unrated
  ASSERT_TRUE(s.players[3].performance);     // but has a performance against rated players
  EXPECT_EQ(s.players[3].performance->games, 3);
  EXPECT_EQ(s.average_rating, 1800);
  EXPECT_EQ(s.rated_players, 3);
}

// ---- Rating lists and rateability (FIDE Rating Regulations and Rapid and Blitz Rating
// Regulations, both effective from 1 March 2024) ----

tournament::EventGame timed(std::string w, std::string b, int white_half, const std::string& tc, std::optional<int> we,
                            std::optional<int> be) {
  tournament::EventGame g = game(std::move(w), std::move(b), white_half, we, be);
  g.time_control = tournament::classify_time_control(&tc);
  return g;
}

TEST(ReportLists, RapidAndBlitzUseThePlayersK) {
  // Rapid and blitz 7.3.3 has the standard K rules; FIDE no longer fixes them at 20.
  std::vector<tournament::EventGame> g = {timed("A", "B", 2, "900+10", 2000, 2000)};
  tournament::StandingsOptions o;
  o.k_default = 40;
  auto s = tournament::compute_standings(g, o);
  ASSERT_EQ(s.players[0].lists.size(), 1u);
  EXPECT_EQ(s.players[0].lists[0].list, TimeClass::Rapid);
  EXPECT_EQ(s.players[0].lists[0].k, 40);
  EXPECT_EQ(s.players[0].lists[0].change->rounded, 20);  // 40 x (1 - .50)
}

TEST(ReportLists, KTenFrom2400) {
  // 8.3.3: K = 10 once the rating has reached 2400, whatever --k-default says; --k wins.
  std::vector<tournament::EventGame> g = {game("A", "B", 2, 2400, 2399)};
  tournament::StandingsOptions o;
  o.k_default = 40;
  auto s = tournament::compute_standings(g, o);
  EXPECT_EQ(s.players[0].lists[0].k, 10);
  EXPECT_EQ(s.players[1].lists[0].k, 40);
  o.k_by_name["A"] = 20;
  s = tournament::compute_standings(g, o);
  EXPECT_EQ(s.players[0].lists[0].k, 20);
}

TEST(ReportLists, KTimesGamesCappedAt700) {
  // 18 blitz games with K 40: 720 > 700, so K 38 (8.3.3; rapid and blitz 7.3.3).
  std::vector<tournament::EventGame> g;
  for (int i = 0; i < 18; ++i) g.push_back(timed("A", std::string("B").append(std::to_string(i)), 1, "180+2", 2000, 2000));
  tournament::StandingsOptions o;
  o.k_default = 40;
  auto s = tournament::compute_standings(g, o);
  const auto& a = s.players[0];
  ASSERT_EQ(a.name, "A");  // 9 points, first
  ASSERT_EQ(a.lists.size(), 1u);
  EXPECT_EQ(a.lists[0].list, TimeClass::Blitz);
  EXPECT_EQ(a.lists[0].k, 38);
  EXPECT_EQ(s.players[1].lists[0].k, 40);  // one game each for the others
}

TEST(ReportLists, RateabilityGoesByTheListRatingsNotTheGamesTags) {
  // A game without Elo tags between players rated in its list is rated with those
  // ratings (as the rating change already was), and the minimum time goes by them: here
  // 2500 and 2450, so 120 minutes (Standard 1.1), which 5400+30 gives and 3600 does not.
  std::vector<tournament::EventGame> g = {timed("P", "Q", 2, "5400+30", 2500, 2450),
                                          timed("Q", "P", 2, "3600", std::nullopt, std::nullopt),
                                          timed("P", "Q", 2, "5400+30", std::nullopt, std::nullopt)};
  auto s = tournament::compute_standings(g, {});
  using tournament::NotRated;
  ASSERT_EQ(s.rateable.size(), 3u);
  EXPECT_EQ(s.rateable[0].why, NotRated::Rated);
  EXPECT_EQ(s.rateable[1].why, NotRated::BelowMinimumTime);
  EXPECT_EQ(s.rateable[1].minimum_minutes, 120);
  EXPECT_EQ(s.rateable[2].why, NotRated::Rated);
  const auto& p = s.players[0].name == "P" ? s.players[0] : s.players[1];
  ASSERT_EQ(p.lists.size(), 1u);
  EXPECT_EQ(p.lists[0].rateable_games, 2);
}

TEST(ReportLists, RateabilityReasons) {
  using tournament::NotRated;
  auto why = [](const tournament::EventGame& g) { return tournament::rateability(g).why; };
  // Standard 1.1: 60 minutes when both are under 1800, 90 from 1800, 120 from 2400.
  EXPECT_EQ(why(timed("A", "B", 2, "3600", 1799, 1700)), NotRated::Rated);
  EXPECT_EQ(why(timed("A", "B", 2, "3600", 1800, 1700)), NotRated::BelowMinimumTime);
  EXPECT_EQ(why(timed("A", "B", 2, "3600+30", 1800, 1700)), NotRated::Rated);  // 60 + 30 min
  EXPECT_EQ(why(timed("A", "B", 2, "5400+30", 2400, 1700)), NotRated::Rated);  // 90 + 30 min
  EXPECT_EQ(why(timed("A", "B", 2, "5400+29", 2400, 1700)), NotRated::BelowMinimumTime);
  // Standard 1.2: a move count in the first control is at least 30 moves.
  EXPECT_EQ(why(timed("A", "B", 2, "20/3600:3600", 2000, 2000)), NotRated::FirstControlUnder30Moves);
  EXPECT_EQ(why(timed("A", "B", 2, "30/3600:3600", 2000, 2000)), NotRated::Rated);
  // Also when the one control repeats: an hour for every 20 moves.
  EXPECT_EQ(why(timed("A", "B", 2, "20/3600", 2000, 2000)), NotRated::FirstControlUnder30Moves);
  EXPECT_EQ(why(timed("A", "B", 2, "40/7200", 2000, 2000)), NotRated::Rated);
  // Rapid and blitz 1.1.2: blitz is rated with more than 3 minutes per player.
  EXPECT_EQ(why(timed("A", "B", 2, "180", 2000, 2000)), NotRated::BelowMinimumTime);
  EXPECT_EQ(tournament::rateability(timed("A", "B", 2, "180", 2000, 2000)).minimum_minutes, 3);
  EXPECT_EQ(why(timed("A", "B", 2, "120+1", 2000, 2000)), NotRated::BelowMinimumTime);  // 2 min + 60 x 1 s
  EXPECT_EQ(why(timed("A", "B", 2, "120+2", 2000, 2000)), NotRated::Rated);             // 4 min
  EXPECT_EQ(why(timed("A", "B", 2, "600", 2000, 2000)), NotRated::Rated);
  // Rapid and blitz 7.3.1 (1 December 2024): a gap of 600 or more with a player above 2600.
  EXPECT_EQ(why(timed("A", "B", 2, "900+10", 2601, 2001)), NotRated::RatingGap600);
  EXPECT_EQ(why(timed("A", "B", 2, "900+10", 2601, 2002)), NotRated::Rated);
  EXPECT_EQ(why(timed("A", "B", 2, "900+10", 2600, 2000)), NotRated::Rated);
  EXPECT_EQ(why(timed("A", "B", 2, "5400+30", 2800, 2000)), NotRated::Rated);  // standard: no such rule
  // 5.1: rated when both players have made at least one move.
  auto g = timed("A", "B", 2, "5400+30", 2000, 2000);
  g.unplayed = tournament::Unplayed::OneSideMoved;
  EXPECT_EQ(why(g), NotRated::OneSideMoved);
  EXPECT_STREQ(tournament::not_rated_code(NotRated::OneSideMoved), "one_side_moved");
}

TEST(ReportStandings, KOverridesAndSharedRanks) {
  std::vector<tournament::EventGame> g = {game("X", "Y", 1, 2100, 2100)};
  tournament::StandingsOptions o;
  o.k_default = 10;
  o.k_by_name["Y"] = 40;
  auto s = tournament::compute_standings(g, o);
  EXPECT_EQ(s.players[0].rank, 1);
  EXPECT_EQ(s.players[1].rank, 1);  // level on everything: shared
  EXPECT_EQ(s.players[0].k, 10);
  EXPECT_EQ(s.players[1].k, 40);
}

pgn::GameReport checked(const std::string& text) {
  pgn::RawGame raw;
  raw.text = text;
  raw.index = 1;
  raw.line = 1;
  return pgn::check_game(raw, {});
}

TEST(ReportStandings, ExclusionReasons) {
  tournament::EventGame g;
  EXPECT_FALSE(tournament::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"), g));
  EXPECT_EQ(g.white_half_points, 2);
  auto unfinished = tournament::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n"), g);
  ASSERT_TRUE(unfinished);
  EXPECT_EQ(unfinished->reason, tournament::ExclusionReason::Unfinished);
  auto invalid = tournament::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e5 1-0\n"), g);
  ASSERT_TRUE(invalid);
  EXPECT_EQ(invalid->reason, tournament::ExclusionReason::Invalid);
  auto noname = tournament::event_game_from(checked("[White \"?\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"), g);
  ASSERT_TRUE(noname);
  EXPECT_EQ(noname->reason, tournament::ExclusionReason::NoPlayer);
  // A Result tag that is no result value does not hide the marker; a "*" tag does.
  EXPECT_FALSE(tournament::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"\xC2\xBD-\xC2\xBD\"]\n\n1. e4 "
                                                   "1/2-1/2\n"),
                                           g));
  EXPECT_EQ(g.result, "1/2-1/2");
  EXPECT_FALSE(tournament::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"\"]\n\n1. e4 0-1\n"), g));
  EXPECT_EQ(g.black_half_points, 2);
  auto star = tournament::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 1-0\n"), g);
  ASSERT_TRUE(star);
  EXPECT_EQ(star->reason, tournament::ExclusionReason::Unfinished);
  auto neither = tournament::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"?\"]\n\n1. e4\n"), g);
  ASSERT_TRUE(neither);
  EXPECT_EQ(neither->reason, tournament::ExclusionReason::NoResult);
  EXPECT_EQ(neither->detail, "?");
  // One player on both sides, as players are told apart: the same name once compared
  // (spaces, invisible characters, composed accents), or one FideId under two names.
  for (const char* sides : {"[White \"E\"]\n[Black \"E\"]\n", "[White \"Carlsen, Magnus\"]\n[Black \"Carlsen,Magnus\"]\n",
                            "[White \"E\"]\n[Black \"E \"]\n", "[White \"E\"]\n[Black \"\xE2\x80\x8B" "E\"]\n",
                            "[White \"M\xC3\xBCller\"]\n[Black \"Mu\xCC\x88ller\"]\n",
                            "[White \"Carlsen\"]\n[Black \"Magnus C\"]\n[WhiteFideId \"1503014\"]\n[BlackFideId \"1503014\"]\n"}) {
    auto same = tournament::event_game_from(checked(std::string(sides) + "[Result \"1-0\"]\n\n1. e4 1-0\n"), g);
    ASSERT_TRUE(same) << sides;
    EXPECT_EQ(same->reason, tournament::ExclusionReason::SamePlayer) << sides;
  }
  // Two players who share no FideId but a name differing in more than spacing count.
  EXPECT_FALSE(tournament::event_game_from(
      checked("[White \"E\"]\n[Black \"F\"]\n[WhiteFideId \"1\"]\n[BlackFideId \"\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"), g));
  // Namesakes with two FideIds are two players: their game counts.
  EXPECT_FALSE(tournament::event_game_from(checked("[White \"Wang, Hao\"]\n[Black \"Wang, Hao\"]\n[WhiteFideId \"8601445\"]\n"
                                                   "[BlackFideId \"8603405\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"),
                                           g));
  // A placeholder FideId on both sides is no FideId: two players, not one.
  for (const char* id : {"0", "?", "-", "00"})
    EXPECT_FALSE(tournament::event_game_from(checked(std::string("[White \"Smith, A\"]\n[Black \"Brown, C\"]\n[WhiteFideId \"") +
                                                     id + "\"]\n[BlackFideId \"" + id + "\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"),
                                             g))
        << id;
  const std::string id_zero = "0", id_padded = " 01503014 ", id_text = "FIDE 1503014", id_long = "123456789012";
  EXPECT_EQ(tournament::fide_id(nullptr), "");
  EXPECT_EQ(tournament::fide_id(&id_zero), "");
  EXPECT_EQ(tournament::fide_id(&id_padded), "1503014");
  EXPECT_EQ(tournament::fide_id(&id_text), "");
  EXPECT_EQ(tournament::fide_id(&id_long), "");  // longer than TRF's 11 columns
  EXPECT_EQ(tournament::parse_elo(nullptr), std::nullopt);
  const std::string zero = "0", dash = "-", ok = "2650";
  EXPECT_EQ(tournament::parse_elo(&zero), std::nullopt);
  EXPECT_EQ(tournament::parse_elo(&dash), std::nullopt);
  EXPECT_EQ(tournament::parse_elo(&ok), 2650);
}

// ---- Golden: a real event from the shared corpus ----

TEST(ReportCorpus, ChebanenkoMemorial2020TopFive) {
  const std::string path = chesstool::testing::corpus_path("archives/twic-01-232games.pgn");
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  std::vector<tournament::EventGame> games;
  int excluded = 0;
  for (const pgn::GameReport& r : chesstool::testing::check_file(path)) {
    const std::string* ev = r.tag("Event");
    if (!ev || *ev != "Chebanenko Memorial") continue;
    tournament::EventGame g;
    if (tournament::event_game_from(r, g)) ++excluded; else games.push_back(g);
  }
  EXPECT_EQ(games.size(), 45u);  // 10-player round robin
  EXPECT_EQ(excluded, 0);
  auto s = tournament::compute_standings(games, {});
  ASSERT_EQ(s.players.size(), 10u);
  // Expected values derived independently in the session with awk over the PGN tags
  // (White/Black/Result of the 45 games with [Event "Chebanenko Memorial"]): points and
  // wins per player, Sonneborn-Berger as sum(result x opponent's points), and the
  // head-to-head results of the tied players (Nevednichy-Iordachescu 1/2; Volkov 1-0
  // Smirin, Smirin-Fedorov 1/2, Volkov-Fedorov 1/2).
  struct Row { const char* name; double points; int wins; double sb; };
  const Row top[] = {{"Macovei,Andrei", 6, 5, 23.5},
                     {"Nevednichy,V", 5.5, 4, 23.5},    // level with Iordachescu on DE and wins, better SB
                     {"Iordachescu,V", 5.5, 4, 22.25},
                     {"Volkov,Sergey1", 5, 3, 21.5},    // DE among the 5-point trio: 1.5
                     {"Fedorov,Alex", 5, 2, 21}};       // DE 1 (Smirin 0.5 is sixth)
  for (int i = 0; i < 5; ++i) {
    SCOPED_TRACE(top[i].name);
    EXPECT_EQ(s.players[std::size_t(i)].name, top[i].name);
    EXPECT_EQ(s.players[std::size_t(i)].rank, i + 1);
    EXPECT_EQ(s.players[std::size_t(i)].points, top[i].points);
    EXPECT_EQ(s.players[std::size_t(i)].wins, top[i].wins);
    EXPECT_EQ(s.players[std::size_t(i)].sonneborn_berger, top[i].sb);
    EXPECT_EQ(s.players[std::size_t(i)].games, 9);
  }
  EXPECT_EQ(s.players[3].direct_encounter, 1.5);
  EXPECT_EQ(s.players[4].direct_encounter, 1.0);
  EXPECT_EQ(s.players[5].name, "Smirin,I");
  EXPECT_EQ(s.players[5].direct_encounter, 0.5);
}

}  // namespace
}  // namespace chesstool

namespace chesstool {
namespace {

TEST(ReportCorpus, LindoresAbbeyPrelimSoAboveYuAndTableChange) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  const std::string path = chesstool::testing::corpus_path("archives/twic-01-232games.pgn");
  const std::string rapid = "900+10";  // TWIC gives no TimeControl: assume the event's 15 + 10
  std::vector<tournament::EventGame> games;
  for (const pgn::GameReport& r : chesstool::testing::check_file(path)) {
    const std::string* ev = r.tag("Event");
    tournament::EventGame g;
    if (ev && *ev == "Lindores Abbey Prelim" && !tournament::event_game_from(r, g, &rapid)) games.push_back(g);
  }
  ASSERT_EQ(games.size(), 66u);
  auto s = tournament::compute_standings(games, {});
  EXPECT_EQ(s.kind, tournament::EventKind::RoundRobin);
  // Yu, So, Carlsen and Ding on 6: DE among the four gives So and Yu 2 each; between the
  // two, So won their game, so So is third and Yu fourth (the wins count came only after).
  EXPECT_EQ(s.players[2].name, "So,W");
  EXPECT_EQ(s.players[3].name, "Yu Yangyi");
  // So: expected 5.72 from table 8.1.2. Rated 2400 or more, So has K = 10 (8.3.3, the
  // same in the rapid list, 7.3.3): 10 x (6 - 5.72) = +2.8 -> +3.
  ASSERT_EQ(s.players[2].lists.size(), 1u);
  EXPECT_EQ(s.players[2].lists[0].list, tournament::TimeClass::Rapid);
  EXPECT_EQ(s.players[2].lists[0].k, 10);
  EXPECT_DOUBLE_EQ(s.players[2].lists[0].change->expected, 5.72);
  EXPECT_EQ(s.players[2].lists[0].change->rounded, 3);
  // With K = 20 given (the example): 20 x 0.28 = +5.6 -> +6.
  tournament::StandingsOptions o;
  o.k_by_name["So,W"] = 20;
  s = tournament::compute_standings(games, o);
  ASSERT_EQ(s.players[2].name, "So,W");
  EXPECT_EQ(s.players[2].lists[0].k, 20);
  EXPECT_EQ(s.players[2].lists[0].change->rounded, 6);
}

}  // namespace
}  // namespace chesstool
