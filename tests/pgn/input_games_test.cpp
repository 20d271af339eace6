// SPDX-License-Identifier: MIT
// Tests for pgn/input_games: the games of an input member after member, each with its
// member's name, and a game cut off by a read fault held back and named in error_message().
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/source.hpp"
#include "pgn/input_games.hpp"
#include "support/archive_support.hpp"

namespace chesstool::pgn {
namespace {

using testing::ScratchDir;

struct Read {
  std::vector<RawGame> games;
  std::string error;
  std::uint64_t line_ends = 0;
};

Read read_all(io::ByteSource& source) {
  Read r;
  InputGames games(source);
  RawGame g;
  while (games.next(g)) r.games.push_back(g);
  if (source.error()) r.error = games.error_message();
  r.line_ends = games.line_ends();
  return r;
}

// n games of three lines each ("[Event ...]", the moves with a long comment, a blank
// line), so game i (0-based) starts at line 3i+1. The comment makes a cut far more likely
// to land inside a game than right after its termination marker.
std::string numbered_games(int n) {
  std::string s;
  for (int i = 0; i < n; ++i)
    s += "[Event \"game " + std::to_string(i) + "\"]\n1. e4 {" + std::string(200, 'x') + "} e5 *\n\n";
  return s;
}
std::string numbered_game_text(int i) {
  return "[Event \"game " + std::to_string(i) + "\"]\n1. e4 {" + std::string(200, 'x') + "} e5 *";
}

TEST(InputGames, PlainInputIsOneUnnamedMember) {
  io::ByteSource src = io::ByteSource::from_memory("1. e4 *\n\n1. d4 *\n", "<test>");
  const Read r = read_all(src);
  ASSERT_EQ(r.games.size(), 2u);
  EXPECT_EQ(r.games[0].text, "1. e4 *");
  EXPECT_EQ(r.games[1].text, "1. d4 *");
  EXPECT_EQ(r.games[1].line, 3u);
  EXPECT_EQ(r.games[0].member, "");
  EXPECT_EQ(r.error, "");
  EXPECT_EQ(r.line_ends, 3u);  // three '\n'
}

TEST(InputGames, ArchiveMembersOneAfterAnother) {
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("a.pgn", "[Event \"a1\"]\n1. e4 *\n\n[Event \"a2\"]\n1. d4 *\n");
  d.write("b.pgn", "[Event \"b1\"]\n1. c4 *\n");
  for (const char* pack : {"tar cf games.tar a.pgn b.pgn", "zip -q games.zip a.pgn b.pgn"}) {
    ASSERT_TRUE(d.sh(std::string("rm -f games.tar games.zip && ") + pack)) << pack;
    const std::string file = d / (std::string(pack).find("tar") == 0 ? "games.tar" : "games.zip");
    io::ByteSource src(file);
    ASSERT_FALSE(src.error()) << *src.error();
    const Read r = read_all(src);
    EXPECT_EQ(r.error, "") << pack;
    ASSERT_EQ(r.games.size(), 3u) << pack;
    // Archive order, each game with its member; lines count within the member, where
    // a diagnostic's location must point.
    EXPECT_EQ(r.games[0].member, "a.pgn");
    EXPECT_EQ(r.games[1].member, "a.pgn");
    EXPECT_EQ(r.games[2].member, "b.pgn");
    EXPECT_EQ(r.games[0].text, "[Event \"a1\"]\n1. e4 *");
    EXPECT_EQ(r.games[1].text, "[Event \"a2\"]\n1. d4 *");
    EXPECT_EQ(r.games[2].text, "[Event \"b1\"]\n1. c4 *");
    EXPECT_EQ(r.games[1].line, 4u);
    EXPECT_EQ(r.games[2].line, 1u);
    // Line ends of both members read to their end: 5 in a.pgn, 2 in b.pgn.
    EXPECT_EQ(r.line_ends, 7u) << pack;
  }
}

TEST(InputGames, GameCutOffByTruncatedDataIsHeldBackAndNamed) {
  REQUIRE_TOOLS();
  ScratchDir d;
  const int n = 3000;
  d.write("g.pgn", numbered_games(n));
  // Half of the compressed file: the stream ends mid-game.
  ASSERT_TRUE(d.sh("gzip -n -9 g.pgn && truncate -s $(( $(stat -c %s g.pgn.gz) / 2 )) g.pgn.gz"));
  io::ByteSource src(d / "g.pgn.gz");
  const Read r = read_all(src);
  ASSERT_NE(r.error, "");
  ASSERT_GT(r.games.size(), 10u);
  ASSERT_LT(r.games.size(), std::size_t(n));
  // Every game handed out is whole, exactly as in the file, and in order.
  for (std::size_t i = 0; i < r.games.size(); ++i) ASSERT_EQ(r.games[i].text, numbered_game_text(int(i))) << i;
  // The next game, cut off, is named by its line (3 lines per game) and left out.
  const std::string line = std::to_string(3 * r.games.size() + 1);
  EXPECT_NE(r.error.find("the game at line " + line + ", cut off there, is left out"), std::string::npos) << r.error;
  // The source's own message comes first and names the file.
  EXPECT_EQ(r.error.find(*src.error()), 0u);
  EXPECT_NE(r.error.find("g.pgn.gz"), std::string::npos) << r.error;
}

TEST(InputGames, OnlyAGameEndedAtItsClosedMarkerBeforeTheFaultIsKept) {
  // The data decoded before the fault ends with the second game's text cut as below (a
  // whole gzip member, then a member cut inside its header). Text that merely ends like
  // a marker (in a tag value, a comment, a variation, or a marker the fault may have cut)
  // does not make the game whole.
  REQUIRE_TOOLS();
  const std::string first = "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n";
  const struct {
    const char* second;
    bool kept;
  } cases[] = {
      {"[Event \"B\"]\n[Result \"0-1", false},          {"[Event \"Match 1-0", false},
      {"[Event \"B\"]\n\n1. e4 {comment 1-0", false},     {"[Event \"B\"]\n\n1. e4 (1. d4 1-0", false},
      {"[Event \"B\"]\n\n1. d4 d5 0-1", false},         {"[Event \"B\"]\n\n1. d4 d5 0-1\n", true},
      {"[Event \"B\"]\n\n1. d4 d5 0-1 ", true},         {"[Event \"B\"]\n\n1. d4 d5 *", true},
  };
  for (const auto& c : cases) {
    ScratchDir d;
    d.write("a.pgn", first + c.second);
    d.write("b.pgn", "\"]\n\n1. d4 *\n");
    ASSERT_TRUE(d.sh("gzip -c a.pgn > g.pgn.gz && gzip -c b.pgn | head -c 6 >> g.pgn.gz"));
    io::ByteSource src(d / "g.pgn.gz");
    const Read r = read_all(src);
    ASSERT_NE(r.error, "") << c.second;
    EXPECT_EQ(r.games.size(), c.kept ? 2u : 1u) << c.second;
    EXPECT_EQ(r.error.find("cut off there, is left out") != std::string::npos, !c.kept) << c.second << ": " << r.error;
  }
}

TEST(InputGames, CleanEndAfterErrorFreeInputHasNoMessage) {
  // A whole compressed file: every game, no error, no game held back.
  REQUIRE_TOOLS();
  ScratchDir d;
  d.write("g.pgn", numbered_games(50));
  ASSERT_TRUE(d.sh("gzip g.pgn"));
  io::ByteSource src(d / "g.pgn.gz");
  const Read r = read_all(src);
  EXPECT_EQ(r.error, "");
  ASSERT_EQ(r.games.size(), 50u);
  EXPECT_EQ(r.games.back().text, numbered_game_text(49));
  EXPECT_EQ(r.line_ends, 150u);
}

}  // namespace
}  // namespace chesstool::pgn
