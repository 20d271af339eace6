// SPDX-License-Identifier: MIT
// Tests for `report`: FIDE rating formulas, time-control classes, standings, tie-breaks, rendering.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cli/game_pipeline.hpp"
#include "pgn/replay.hpp"
#include "report/rating.hpp"
#include "report/report_table.hpp"
#include "report/standings.hpp"
#include "report/time_control.hpp"
#include "support/paths.hpp"

namespace chesstool {
namespace {

using report::TimeClass;

// ---- Rating: FIDE Rating Regulations (1 March 2024), section 8 ----

TEST(ReportRating, FideExampleWinDrawLoss) {
  // The issue's worked example: a 1600 player against an 1800 player, K = 20.
  EXPECT_NEAR(report::expected_score(1600, 1800), 0.24, 0.005);
  EXPECT_NEAR(report::expected_score(1800, 1600), 0.76, 0.005);
  auto win = report::rating_change(1600, 20, {{1800, 1.0}});
  EXPECT_NEAR(win.exact, 15.2, 0.05);
  EXPECT_EQ(win.rounded, 15);
  auto other = report::rating_change(1800, 20, {{1600, 0.0}});
  EXPECT_NEAR(other.exact, -15.2, 0.05);
  EXPECT_EQ(other.rounded, -15);
  auto draw = report::rating_change(1600, 20, {{1800, 0.5}});
  EXPECT_NEAR(draw.exact, 5.2, 0.05);
  EXPECT_EQ(draw.rounded, 5);
  auto loss = report::rating_change(1600, 20, {{1800, 0.0}});
  EXPECT_NEAR(loss.exact, -4.8, 0.05);
  EXPECT_EQ(loss.rounded, -5);
}

TEST(ReportRating, DifferenceCappedAt400BelowRating2650) {
  // Exactly 400: 1 / (1 + 10^-1) = 10/11 either way.
  EXPECT_NEAR(report::expected_score(2000, 1600), 10.0 / 11, 1e-12);
  EXPECT_NEAR(report::expected_score(1600, 2000), 1.0 / 11, 1e-12);
  // 600 points counts as 400 for players under 2650, both sides.
  EXPECT_DOUBLE_EQ(report::expected_score(2200, 1600), report::expected_score(2000, 1600));
  EXPECT_DOUBLE_EQ(report::expected_score(1600, 2200), report::expected_score(1600, 2000));
  EXPECT_DOUBLE_EQ(report::expected_score(2649, 2049), 10.0 / 11);
}

TEST(ReportRating, NoCapFrom2650) {
  // A 2700 player against a 2200 player: D = 500 is used in full.
  const double we = report::expected_score(2700, 2200);
  EXPECT_NEAR(we, 1 / (1 + std::pow(10.0, -500.0 / 400)), 1e-12);
  EXPECT_GT(we, 10.0 / 11);
  EXPECT_NEAR(report::expected_score(2650, 2000), 1 / (1 + std::pow(10.0, -650.0 / 400)), 1e-12);
  // The lower-rated player still has the cap: 1/11.
  EXPECT_NEAR(report::expected_score(2200, 2700), 1.0 / 11, 1e-12);
  // A win for the 2700 player: 10 x (1 - 0.9468) = +0.53 -> +1.
  EXPECT_EQ(report::rating_change(2700, 10, {{2200, 1.0}}).rounded, 1);
}

TEST(ReportRating, RoundingHalfUpBothSigns) {
  EXPECT_EQ(report::round_rating_change(7.5), 8);
  EXPECT_EQ(report::round_rating_change(-7.5), -7);
  EXPECT_EQ(report::round_rating_change(-7.51), -8);
  EXPECT_EQ(report::round_rating_change(0.49), 0);
  // Summed, then rounded once: two wins of +7.5 each would be +15, not +16.
  auto equal = report::rating_change(2000, 15, {{2000, 1.0}, {2000, 1.0}});
  EXPECT_EQ(equal.rounded, 15);
}

TEST(ReportRating, DpTableValues) {
  // FIDE table 8.1.1 entries.
  EXPECT_EQ(report::dp_from_percent(100), 800);
  EXPECT_EQ(report::dp_from_percent(99), 677);
  EXPECT_EQ(report::dp_from_percent(90), 366);
  EXPECT_EQ(report::dp_from_percent(75), 193);
  EXPECT_EQ(report::dp_from_percent(67), 125);
  EXPECT_EQ(report::dp_from_percent(51), 7);
  EXPECT_EQ(report::dp_from_percent(50), 0);
  EXPECT_EQ(report::dp_from_percent(33), -125);
  EXPECT_EQ(report::dp_from_percent(0), -800);
  for (int p = 0; p <= 100; ++p) EXPECT_EQ(report::dp_from_percent(p), -report::dp_from_percent(100 - p)) << p;
}

TEST(ReportRating, PerformanceByTable) {
  // 6 of 9 against opponents averaging 2500: p = 0.67 (rounded), dp = 125.
  std::vector<report::RatedGame> g;
  for (int i = 0; i < 6; ++i) g.push_back({2500, 1.0});
  for (int i = 0; i < 3; ++i) g.push_back({2500, 0.0});
  auto p = report::performance_rating(g);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->average_opponent, 2500);
  EXPECT_EQ(p->percent, 67);
  EXPECT_EQ(p->rating, 2625);
  // Average rounded half up: (2000 + 2001) / 2 = 2000.5 -> 2001.
  p = report::performance_rating({{2000, 0.5}, {2001, 0.5}});
  EXPECT_EQ(p->average_opponent, 2001);
  EXPECT_EQ(p->rating, 2001);
  EXPECT_FALSE(report::performance_rating({}));
  EXPECT_EQ(report::average_rating({2000, 2001}), 2001);
  EXPECT_FALSE(report::average_rating({}));
}

// ---- Time control: PGN standard 9.6.1, FIDE Laws Appendices A.1 and B.1 ----

report::TimeControlInfo tc(const std::string& v) { return report::classify_time_control(&v); }

TEST(ReportTimeControl, IssueExamples) {
  EXPECT_EQ(tc("5400+30").cls, TimeClass::Standard);
  EXPECT_EQ(*tc("5400+30").seconds, 120 * 60);
  EXPECT_EQ(tc("900+10").cls, TimeClass::Rapid);
  EXPECT_EQ(*tc("900+10").seconds, 25 * 60);
  EXPECT_EQ(tc("600+5").cls, TimeClass::Rapid);
  EXPECT_EQ(*tc("600+5").seconds, 15 * 60);
  EXPECT_EQ(tc("180+2").cls, TimeClass::Blitz);
  EXPECT_EQ(*tc("180+2").seconds, 5 * 60);
}

TEST(ReportTimeControl, Boundaries) {
  EXPECT_EQ(tc("3600").cls, TimeClass::Standard);  // 60 minutes: standard
  EXPECT_EQ(tc("3599").cls, TimeClass::Rapid);
  EXPECT_EQ(tc("601").cls, TimeClass::Rapid);      // more than 10 minutes
  EXPECT_EQ(tc("600").cls, TimeClass::Blitz);      // 10 minutes or less
  EXPECT_EQ(tc("300+5").cls, TimeClass::Blitz);    // 5 + 5 = 10 minutes
}

TEST(ReportTimeControl, MultiPeriodAndSandclock) {
  // 90 minutes for 40 moves, then 30 minutes with 30 s from move 41: over 60 moves
  // 5400 + 1800 + 20 x 30 = 7800 s.
  auto m = tc("40/5400:1800+30");
  EXPECT_EQ(m.cls, TimeClass::Standard);
  EXPECT_EQ(*m.seconds, 7800);
  ASSERT_EQ(m.periods.size(), 2u);
  EXPECT_EQ(m.periods[0].moves, 40);
  EXPECT_EQ(m.periods[1].increment, 30);
  // Increment from move 1: 5400 + 40 x 30 + 1800 + 20 x 30.
  EXPECT_EQ(*tc("40/5400+30:1800+30").seconds, 9000);
  // A repeating last period: 2 hours per 40 moves, two periods begin within 60 moves.
  EXPECT_EQ(*tc("40/7200").seconds, 14400);
  auto s = tc("*180");
  EXPECT_EQ(s.cls, TimeClass::Blitz);
  EXPECT_TRUE(s.periods[0].sandclock);
}

TEST(ReportTimeControl, UnknownAndUnparseable) {
  EXPECT_EQ(report::classify_time_control(nullptr).problem, report::TimeProblem::Missing);
  EXPECT_EQ(tc("?").problem, report::TimeProblem::Unknown);
  EXPECT_EQ(tc("-").problem, report::TimeProblem::Untimed);
  for (const char* bad : {"", "90 min", "5400+", "+30", "40/", "/5400", "0/5400", "5400:", "*", "*180:60", "1e3", "-5"}) {
    auto i = tc(bad);
    EXPECT_EQ(i.cls, TimeClass::Unknown) << bad;
    EXPECT_EQ(i.problem, report::TimeProblem::Unparseable) << bad;
    EXPECT_FALSE(i.seconds) << bad;
  }
}

// ---- Standings and tie-breaks ----

report::EventGame game(std::string w, std::string b, int white_half, std::optional<int> we = {}, std::optional<int> be = {}) {
  report::EventGame g;
  g.white = std::move(w);
  g.black = std::move(b);
  g.white_half_points = white_half;
  g.white_elo = we;
  g.black_elo = be;
  return g;
}

TEST(ReportStandings, ScoresTieBreaksAndUnratedOpponents) {
  // A beats B, B beats C, C beats A, D loses to all: A, B, C level on 2 points.
  std::vector<report::EventGame> g = {game("A", "B", 2, 1600, 1800), game("B", "C", 2, 1800, 2000),
                                      game("C", "A", 2, 2000, 1600), game("A", "D", 2, 1600),
                                      game("D", "B", 0, {}, 1800),  game("C", "D", 1, 2000)};
  auto s = report::compute_standings(g, {});
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
  // A's rating change ignores the game against unrated D: +15.19 (beat 1800) - 1.82 (lost
  // to 2000, difference 400: expected 1/11) = +13.37 -> +13.
  ASSERT_TRUE(s.players[0].rating_change);
  EXPECT_EQ(s.players[0].rating_change->games, 2);
  EXPECT_NEAR(s.players[0].rating_change->exact, 20 * (1 - report::expected_score(1600, 1800)) - 20.0 / 11, 1e-9);
  EXPECT_EQ(s.players[0].rating_change->rounded, 13);
  EXPECT_FALSE(s.players[3].rating_change);  // D is unrated
  ASSERT_TRUE(s.players[3].performance);     // but has a performance against rated players
  EXPECT_EQ(s.players[3].performance->games, 3);
  EXPECT_EQ(s.average_rating, 1800);
  EXPECT_EQ(s.rated_players, 3);
}

TEST(ReportStandings, KOverridesAndSharedRanks) {
  std::vector<report::EventGame> g = {game("X", "Y", 1, 2100, 2100)};
  report::StandingsOptions o;
  o.k_default = 10;
  o.k_by_name["Y"] = 40;
  auto s = report::compute_standings(g, o);
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
  report::EventGame g;
  EXPECT_FALSE(report::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"), g));
  EXPECT_EQ(g.white_half_points, 2);
  auto unfinished = report::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n"), g);
  ASSERT_TRUE(unfinished);
  EXPECT_EQ(unfinished->reason, report::ExclusionReason::Unfinished);
  auto invalid = report::event_game_from(checked("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e5 1-0\n"), g);
  ASSERT_TRUE(invalid);
  EXPECT_EQ(invalid->reason, report::ExclusionReason::Invalid);
  auto noname = report::event_game_from(checked("[White \"?\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"), g);
  ASSERT_TRUE(noname);
  EXPECT_EQ(noname->reason, report::ExclusionReason::NoPlayer);
  EXPECT_EQ(report::parse_elo(nullptr), std::nullopt);
  const std::string zero = "0", dash = "-", ok = "2650";
  EXPECT_EQ(report::parse_elo(&zero), std::nullopt);
  EXPECT_EQ(report::parse_elo(&dash), std::nullopt);
  EXPECT_EQ(report::parse_elo(&ok), 2650);
}

// ---- Rendering ----

TEST(ReportTable, DisplayWidthAndIsolates) {
  EXPECT_EQ(report::display_width("Ørsted"), 6);
  EXPECT_EQ(report::display_width("محمد"), 4);
  EXPECT_EQ(report::display_width("مُحَمَّد"), 4);  // harakat take no column
  EXPECT_EQ(report::display_width("李伟"), 4);
  EXPECT_EQ(report::display_width("\u2068x\u2069"), 1);
  // A stray PDI or override inside a name is shown escaped so it cannot end the isolate.
  EXPECT_EQ(report::bidi_isolate("a\u2069b\u202Ec"), "\u2068a\\u2069b\\u202Ec\u2069");
  EXPECT_EQ(report::bidi_isolate("a\x1B]0;x\x07"), "\u2068a\\x1B]0;x\\x07\u2069");
  report::TextTable t;
  t.header = {"Name", "Pts"};
  t.rows = {{"محمد الأحمد", "2.5"}, {"Li", "2"}};
  t.right_aligned = {false, true};
  t.isolated = {true, false};
  EXPECT_EQ(report::render_text_table(t),
            "Name         Pts\n"
            "\u2068محمد الأحمد\u2069  2.5\n"
            "\u2068Li\u2069             2\n");
}

TEST(ReportTable, CsvQuoting) {
  EXPECT_EQ(report::csv_field("Carlsen, Magnus"), "\"Carlsen, Magnus\"");
  EXPECT_EQ(report::csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(report::csv_field("plain"), "plain");
}

// ---- Golden: a real event from the shared corpus ----

TEST(ReportCorpus, ChebanenkoMemorial2020TopFive) {
  const std::string path = chesstool::testing::corpus_path("archives/twic-01-232games.pgn");
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus absent";
  std::vector<report::EventGame> games;
  int excluded = 0;
  cli::PipelineSink<pgn::GameReport> sink;
  sink.io_error = [](std::size_t, const std::string& e) { FAIL() << e; };
  sink.game = [&](std::size_t, pgn::RawGame&&, pgn::GameReport&& r) {
    const std::string* ev = r.tag("Event");
    if (!ev || *ev != "Chebanenko Memorial") return true;
    report::EventGame g;
    if (report::event_game_from(r, g)) ++excluded; else games.push_back(g);
    return true;
  };
  cli::run_pipeline<pgn::GameReport>({path}, 1, [](std::size_t, const pgn::RawGame& raw) { return pgn::check_game(raw, {}); }, sink);
  EXPECT_EQ(games.size(), 45u);  // 10-player round robin
  EXPECT_EQ(excluded, 0);
  auto s = report::compute_standings(games, {});
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
