// SPDX-License-Identifier: MIT
// convert --to csv's rows: tags and computed columns of a replayed game.
#include "output/game_csv.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pgn/replay.hpp"
#include "support/raw_game.hpp"

namespace chesstool::output {
namespace {

std::string row(const std::string& text, const std::vector<std::string>& columns) {
  pgn::ReplayOptions o;
  o.keep = pgn::Keep::Mainline;
  pgn::Replayed r = pgn::replay_game(testing::raw_game(text), o);
  EXPECT_TRUE(r.ok());
  std::string out;
  append_csv_row(out, columns, r.game, r.report);
  return out;
}

const char* kCsvMate =
    "[Event \"Club, spring\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

TEST(GameCsv, TagsAndComputedColumns) {
  EXPECT_EQ(row(kCsvMate, {"Event", "White", "WhiteElo", "plies", "status", "winner", "ended_at"}),
            "\"Club, spring\",A,,7,checkmate,white,\r\n");
  EXPECT_EQ(row(kCsvMate, {"uci", "final_fen"}),
            "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7,r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\r\n");
  EXPECT_EQ(row(kCsvMate, {"eco", "opening"}), "C23,Bishop's Opening\r\n");
}

TEST(GameCsv, TagTextThatLooksLikeAFormulaIsQuoted) {
  // A spreadsheet would run "=..." as a formula; a signed number, or a lone "-", stays.
  const char* hostile =
      "[Event \"=HYPERLINK(\\\"http://x\\\")\"]\n[White \"@SUM(A1)\"]\n[Black \"-2+3\"]\n[Round \"-\"]\n"
      "[WhiteRatingDiff \"-7\"]\n[Result \"*\"]\n\n1. e4 *\n";
  EXPECT_EQ(row(hostile, {"Event", "White", "Black", "Round", "WhiteRatingDiff", "plies"}),
            "\"'=HYPERLINK(\"\"http://x\"\")\",\"'@SUM(A1)\",\"'-2+3\",-,-7,1\r\n");
}

TEST(GameCsv, ClaimsAndAnOngoingGame) {
  const char* dance =
      "[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";
  EXPECT_EQ(row(dance, {"status", "winner", "claims", "Result"}), "ongoing,,threefold_repetition@8,*\r\n");
}

TEST(GameCsv, ComputedNamesAreTheJsonRecordsAndWinOverATagOfTheSameName) {
  // The names are a contract (issue #12): the validate JSON game record's.
  EXPECT_EQ(csv_computed_names(), "plies, status, winner, ended_at, claims, start_fen, final_fen, uci, eco, opening");
  const std::string tagged = "[plies \"99\"]\n[Result \"*\"]\n\n1. e4 *\n";
  EXPECT_EQ(row(tagged, {"plies", "Result"}), "1,*\r\n");
  EXPECT_EQ(row(tagged, {"Plies"}), "\"\"\r\n");  // names are exact: no tag Plies
}

TEST(GameCsv, Columns) {
  std::vector<std::string> columns;
  std::string why;
  ASSERT_TRUE(parse_csv_columns("White,Black,plies", columns, why));
  EXPECT_EQ(columns, (std::vector<std::string>{"White", "Black", "plies"}));
  EXPECT_FALSE(parse_csv_columns("White,,plies", columns, why));
  EXPECT_FALSE(why.empty());
  EXPECT_FALSE(parse_csv_columns("", columns, why));
  // Found by QA: a name no tag can have (the parser ends a name at a blank, a quote or
  // ']') is refused, as filter --split-by refuses it, not given an empty column.
  for (const std::string bad : {"a b", "c\"d", "e]f", "tab\there", "del\x7f"}) {
    why.clear();
    EXPECT_FALSE(parse_csv_columns("White," + bad, columns, why)) << bad;
    EXPECT_NE(why.find("is not a tag name"), std::string::npos) << why;
  }
  EXPECT_TRUE(parse_csv_columns("WhiteElo,=HYPERLINK(1),final_fen", columns, why)) << why;  // odd, but names a tag may have
  EXPECT_EQ(default_csv_columns().size(), 9u);
  std::string header;
  append_csv_header(header, default_csv_columns());
  EXPECT_EQ(header, "Event,Site,Date,Round,White,Black,Result,plies,status\r\n");
  // Found by QA: a name the user gives is a header cell like any text, no formula.
  header.clear();
  append_csv_header(header, {"=cmd", "White", "@x", "-", "a,b"});
  EXPECT_EQ(header, "\"'=cmd\",White,\"'@x\",-,\"a,b\"\r\n");
}

}  // namespace
}  // namespace chesstool::output
