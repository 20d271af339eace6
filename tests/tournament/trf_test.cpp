// SPDX-License-Identifier: MIT
// Tests for tournament/trf: the FIDE Tournament Report File (TRF-16, FIDE Handbook C.04
// annex 2). The expected columns are the format's: player lines "001", starting rank in
// columns 5-8, name 15-47, rating 49-52, FIDE number 58-68, points 81-84, rank 86-89,
// and from column 92 one 8-column block per round, 10 columns apart: opponent's starting
// rank (4), colour w/b, result (1 = 0 for games played, + - for forfeits); "0000 - Z"
// for a round without a game. Lines end with CR LF.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "tournament/report_table.hpp"
#include "tournament/standings.hpp"
#include "tournament/trf.hpp"

namespace chesstool::tournament {
namespace {

EventGame trf_game(std::string white, std::string black, int white_half, std::optional<int> round,
               std::optional<int> white_elo = {}, std::optional<int> black_elo = {}) {
  EventGame g;
  g.white = std::move(white);
  g.black = std::move(black);
  g.white_half_points = white_half;
  g.black_half_points = 2 - white_half;
  g.result = white_half == 2 ? "1-0" : white_half == 1 ? "1/2-1/2" : "0-1";
  g.round = round;
  g.white_elo = white_elo;
  g.black_elo = black_elo;
  g.date = "2024.05.0" + std::to_string(round.value_or(1));
  g.site = "Amman";
  static const std::string standard = "5400+30";
  g.time_control = classify_time_control(&standard);
  return g;
}

EventReport report_of(std::vector<EventGame> games) {
  EventReport r;
  r.events = {"Test Open"};
  r.counted = games.size();
  r.games_read = games.size();
  r.standings = compute_standings(std::move(games), {});
  return r;
}

std::vector<std::string> trf_lines_of(const std::string& trf) {
  std::vector<std::string> out;
  for (std::size_t p = 0; p < trf.size();) {
    const std::size_t e = trf.find("\r\n", p);
    EXPECT_NE(e, std::string::npos) << "line without CR LF at byte " << p;
    if (e == std::string::npos) break;
    out.push_back(trf.substr(p, e - p));
    p = e + 2;
  }
  return out;
}

const std::string* line_starting(const std::vector<std::string>& lines, const std::string& prefix) {
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) == 0) return &l;
  return nullptr;
}

// Columns from..to (1-based, inclusive) of an ASCII line, padded with spaces.
std::string cols(std::string line, std::size_t from, std::size_t to) {
  if (line.size() < to) line.resize(to, ' ');
  return line.substr(from - 1, to - from + 1);
}

// A three-player round robin: A (2400) beats B (2200) in round 1 and C (unrated) in
// round 3; B beats C in round 2. Starting ranks by rating: A 1, B 2, C 3; final ranks
// by points: A 2.0, B 1.0, C 0.0.
std::vector<EventGame> round_robin() {
  return {trf_game("A", "B", 2, 1, 2400, 2200), trf_game("B", "C", 2, 2, 2200, {}), trf_game("C", "A", 0, 3, {}, 2400)};
}

TEST(Trf, HeaderLines) {
  std::string out, error;
  ASSERT_TRUE(render_trf(report_of(round_robin()), out, error)) << error;
  const auto lines = trf_lines_of(out);
  ASSERT_NE(line_starting(lines, "012"), nullptr);
  EXPECT_EQ(*line_starting(lines, "012"), "012 Test Open");
  EXPECT_EQ(*line_starting(lines, "022"), "022 Amman");
  EXPECT_EQ(*line_starting(lines, "042"), "042 2024/05/01");  // the first and last dates
  EXPECT_EQ(*line_starting(lines, "052"), "052 2024/05/03");
  EXPECT_EQ(*line_starting(lines, "062"), "062 3");  // players
  EXPECT_EQ(*line_starting(lines, "072"), "072 2");  // rated players
}

TEST(Trf, PlayerLinesInStartingOrderWithRounds) {
  std::string out, error;
  ASSERT_TRUE(render_trf(report_of(round_robin()), out, error)) << error;
  std::vector<std::string> players;
  for (const auto& l : trf_lines_of(out))
    if (l.rfind("001", 0) == 0) players.push_back(l);
  ASSERT_EQ(players.size(), 3u);
  // A: starting rank 1, 2400, 2.0 points, rank 1; round 1 white against 2 won, round 2
  // without a game, round 3 black against 3 won.
  EXPECT_EQ(cols(players[0], 1, 3), "001");
  EXPECT_EQ(cols(players[0], 5, 8), "   1");
  EXPECT_EQ(cols(players[0], 15, 47), "A" + std::string(32, ' '));
  EXPECT_EQ(cols(players[0], 49, 52), "2400");
  EXPECT_EQ(cols(players[0], 81, 84), " 2.0");
  EXPECT_EQ(cols(players[0], 86, 89), "   1");
  EXPECT_EQ(cols(players[0], 92, 99), "   2 w 1");
  EXPECT_EQ(cols(players[0], 102, 109), "0000 - Z");
  EXPECT_EQ(cols(players[0], 112, 119), "   3 b 1");
  // B: rank 2, lost to A with black, beat C with white, no game in round 3.
  EXPECT_EQ(cols(players[1], 5, 8), "   2");
  EXPECT_EQ(cols(players[1], 15, 16), "B ");
  EXPECT_EQ(cols(players[1], 49, 52), "2200");
  EXPECT_EQ(cols(players[1], 81, 84), " 1.0");
  EXPECT_EQ(cols(players[1], 86, 89), "   2");
  EXPECT_EQ(cols(players[1], 92, 99), "   1 b 0");
  EXPECT_EQ(cols(players[1], 102, 109), "   3 w 1");
  EXPECT_EQ(cols(players[1], 112, 119), "0000 - Z");
  // C: unrated (no rating written), 0.0 points.
  EXPECT_EQ(cols(players[2], 5, 8), "   3");
  EXPECT_EQ(cols(players[2], 49, 52), "    ");
  EXPECT_EQ(cols(players[2], 81, 84), " 0.0");
  EXPECT_EQ(cols(players[2], 86, 89), "   3");
  EXPECT_EQ(cols(players[2], 92, 99), "0000 - Z");
  EXPECT_EQ(cols(players[2], 102, 109), "   2 b 0");
  EXPECT_EQ(cols(players[2], 112, 119), "   1 w 0");
  for (const auto& p : players) EXPECT_NE(p.back(), ' ');  // no trailing blanks
}

TEST(Trf, DrawsForfeitsAndFideNumbers) {
  std::vector<EventGame> games = {trf_game("A", "B", 1, 1, 2000, 2000)};
  games[0].white_fide_id = "4100018";
  EventGame forfeit = trf_game("B", "A", 2, 2, 2000, 2000);
  forfeit.unplayed = Unplayed::ForfeitResult;
  forfeit.result = "+/-";
  games.push_back(forfeit);
  std::string out, error;
  ASSERT_TRUE(render_trf(report_of(games), out, error)) << error;
  std::vector<std::string> players;
  for (const auto& l : trf_lines_of(out))
    if (l.rfind("001", 0) == 0) players.push_back(l);
  ASSERT_EQ(players.size(), 2u);
  // Equal ratings: starting order by name, A then B.
  EXPECT_EQ(cols(players[0], 15, 15), "A");
  EXPECT_EQ(cols(players[0], 58, 68), "    4100018");
  EXPECT_EQ(cols(players[0], 92, 99), "   2 w =");
  EXPECT_EQ(cols(players[0], 102, 109), "   2 b -");  // lost by forfeit
  EXPECT_EQ(cols(players[1], 102, 109), "   1 w +");
  EXPECT_EQ(cols(players[1], 58, 68), "           ");
  // A game where only White moved is not rated (Rating Regulations 5.1): W and L, not 1, 0.
  games[1].unplayed = Unplayed::OneSideMoved;
  games[1].result = "1-0";
  ASSERT_TRUE(render_trf(report_of(games), out, error)) << error;
  players.clear();
  for (const auto& l : trf_lines_of(out))
    if (l.rfind("001", 0) == 0) players.push_back(l);
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(cols(players[0], 102, 109), "   2 b L");
  EXPECT_EQ(cols(players[1], 102, 109), "   1 w W");
}

TEST(Trf, ColumnsCountCharactersNotBytes) {
  // A name in UTF-8 takes as many columns as it has characters: the rating still starts
  // in column 49.
  std::vector<EventGame> games = {trf_game("\xC3\x98rsted", "\xD9\x85\xD8\xAD\xD9\x85\xD8\xAF", 2, 1, 2100, 2000)};
  std::string out, error;
  ASSERT_TRUE(render_trf(report_of(games), out, error)) << error;
  const auto lines = trf_lines_of(out);
  const std::string* l = line_starting(lines, "001    1");
  ASSERT_NE(l, nullptr) << out;
  // "Ørsted" is 6 characters but 7 bytes: one byte more before column 49.
  EXPECT_EQ(l->substr(14, 7), "\xC3\x98rsted");
  EXPECT_EQ(l->substr(48 + 1, 4), "2100");
}

TEST(Trf, FarRoundsLandInTheirColumnsAfterAUtf8Name) {
  // Round 3000 (a typo or a numbering of its own): the rounds before it are unplayed
  // fields, appended one after the other; the game's field replaces its own, 10 columns
  // a round from column 92, counted in characters after the two-byte "Ø".
  std::vector<EventGame> games = {trf_game("\xC3\x98rsted", "Bo", 2, 3000, 2100, 2000), trf_game("Bo", "Cy", 1, 1, 2000, 1900)};
  std::string out, error;
  ASSERT_TRUE(render_trf(report_of(games), out, error)) << error;
  const auto lines = trf_lines_of(out);
  const std::string* l = line_starting(lines, "001    1");
  ASSERT_NE(l, nullptr) << out;
  const std::size_t round3000 = 92 + 10 * 2999 - 1 + 1;  // 0-based, one byte more for "Ø"
  ASSERT_GE(l->size(), round3000 + 8);
  EXPECT_EQ(l->substr(round3000, 8), "   2 w 1");
  EXPECT_EQ(l->substr(92 - 1 + 1, 8), "0000 - Z");                  // round 1: unplayed
  EXPECT_EQ(l->substr(round3000 - 10, 8), "0000 - Z");              // round 2999
  EXPECT_EQ(l->size(), round3000 + 8);                              // nothing after the last round
}

TEST(Trf, LongNamesAreCutToTheirColumns) {
  const std::string name(40, 'N');
  std::vector<EventGame> games = {trf_game(name, "B", 2, 1, 2100, 2000)};
  std::string out, error;
  ASSERT_TRUE(render_trf(report_of(games), out, error)) << error;
  const auto lines = trf_lines_of(out);
  const std::string* l = line_starting(lines, "001    1");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(cols(*l, 15, 47), std::string(33, 'N'));
  EXPECT_EQ(cols(*l, 48, 48), " ");
  EXPECT_EQ(cols(*l, 49, 52), "2100");
}

// A long name in UTF-8 is cut between characters: 33 of its two-byte characters, not
// 33 bytes ending in half of one.
// Each cut is said, with the name whole and as written, so that the arbiter can shorten it;
// a name of exactly 33 characters is no cut.
TEST(Trf, CutNamesAreSaid) {
  std::string long_name, exact(33, 'x');
  for (int i = 0; i < 40; ++i) long_name += "\xC3\xA9";  // é
  std::vector<EventGame> games = {trf_game(long_name, exact, 2, 1, 2100, 2000)};
  std::string out, error;
  std::vector<std::string> cuts;
  ASSERT_TRUE(render_trf(report_of(games), out, error, &cuts)) << error;
  ASSERT_EQ(cuts.size(), 1u);
  std::string cut;
  for (int i = 0; i < 33; ++i) cut += "\xC3\xA9";
  EXPECT_EQ(cuts[0], "name '" + long_name + "' is longer than the 33 characters of the TRF-16 name field: cut to '" + cut + "'");
}

TEST(Trf, LongNamesAreCutBetweenCharacters) {
  std::string name;
  for (int i = 0; i < 40; ++i) name += "\xC3\xA9";  // é
  std::vector<EventGame> games = {trf_game(name, "B", 2, 1, 2100, 2000)};
  std::string out, error;
  ASSERT_TRUE(render_trf(report_of(games), out, error)) << error;
  const auto lines = trf_lines_of(out);
  const std::string* l = line_starting(lines, "001    1");
  ASSERT_NE(l, nullptr);
  std::string want;
  for (int i = 0; i < 33; ++i) want += "\xC3\xA9";
  EXPECT_EQ(l->substr(14, want.size()), want);
  EXPECT_EQ(l->at(14 + want.size()), ' ');
  EXPECT_EQ(l->substr(48 + 33, 4), "2100");  // column 49, after 33 characters of two bytes
}

TEST(Trf, RoundsMustBeNumbered) {
  std::string out, error;
  EXPECT_FALSE(render_trf(report_of({trf_game("A", "B", 2, 1), trf_game("B", "A", 1, std::nullopt)}), out, error));
  EXPECT_NE(error.find("Round"), std::string::npos) << error;
}

TEST(Trf, TwoGamesOfOnePlayerInOneRoundAreRefused) {
  std::string out, error;
  EXPECT_FALSE(render_trf(report_of({trf_game("A", "B", 2, 1), trf_game("A", "C", 2, 1)}), out, error));
  EXPECT_NE(error.find("two games in round 1"), std::string::npos) << error;
}

}  // namespace
}  // namespace chesstool::tournament
