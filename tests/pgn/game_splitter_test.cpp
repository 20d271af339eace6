// SPDX-License-Identifier: MIT
// Tests for pgn/game_splitter: game boundaries, locations, corpus counts (the byte source: tests/io/source_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "pgn/game_splitter.hpp"
#include "pgn/movetext_parser.hpp"
#include "io/source.hpp"
#include "support/paths.hpp"

namespace chesstool::pgn {
namespace {

namespace fs = std::filesystem;

std::vector<RawGame> split(std::string data, std::size_t max_read = static_cast<std::size_t>(-1)) {
  io::ByteSource src = io::ByteSource::from_memory(std::move(data), "<test>", max_read);
  GameSplitter splitter(src);
  std::vector<RawGame> games;
  RawGame g;
  while (splitter.next(g)) games.push_back(g);
  EXPECT_EQ(splitter.games(), games.size());
  return games;
}

std::vector<std::string> texts(const std::vector<RawGame>& games) {
  std::vector<std::string> out;
  for (const auto& g : games) out.push_back(g.text);
  return out;
}

// Collects problem codes only.
class ProblemCodes : public Visitor {
 public:
  std::vector<std::string> codes;
  std::vector<std::string> tags;
  int results = 0;
  void problem(Severity, std::string_view code, std::string, const SourceLoc&, std::string_view) override { codes.emplace_back(code); }
  void tag(std::string_view name, std::string_view value, const SourceLoc&) override {
    tags.push_back(std::string(name) + "=" + std::string(value));
  }
  void result(std::string_view, const SourceLoc&) override { ++results; }
};

TEST(GameSplitter, AGameRunningPastTheLimitStopsTheInput) {
  // With a limit of 1 MiB: a game of 0.9 MiB is whole; a comment never closed makes the
  // next game run past it (up to the end of the input, where no tag pair line after an
  // empty line ends it), and the input stops there with an error naming its line: the
  // games before it are read, not it.
  const std::string big = "[Event \"big\"]\n\n1. e4 {" + std::string(900 << 10, 'x') + "} *\n\n";
  const std::string open = "[Event \"open\"]\n\n1. e4 {" + std::string(1100 << 10, 'x') + "\n";
  for (const std::size_t max_read : {std::size_t(1000), static_cast<std::size_t>(-1)}) {
    io::ByteSource src = io::ByteSource::from_memory(big + "1. d4 *\n" + open + "1. c4 *\n", "<test>", max_read);
    GameSplitter splitter(src, std::size_t(1) << 20);
    std::vector<RawGame> games;
    RawGame g;
    while (splitter.next(g)) games.push_back(g);
    ASSERT_EQ(games.size(), 2u) << max_read;
    EXPECT_EQ(games[0].text.size(), big.size() - 2);
    EXPECT_EQ(games[1].text, "1. d4 *");
    ASSERT_TRUE(src.error());
    EXPECT_EQ(*src.error(), "error reading <test>: the game at line 6 runs past 1 MiB (a comment or variation never "
                            "closed?): it and the rest of the input are not read");
  }
}

TEST(GameSplitter, AGameOverTheLimitStopsTheInputWhateverTheReadSizes) {
  // A closed game of 1.1 MiB, the limit 1 MiB: refused whether the reads are small (a pipe,
  // a decompressor) or one read holds the whole game (a large file), and the game after it
  // is not read; the last game of the input alike.
  const std::string over = "[Event \"over\"]\n\n1. e4 {" + std::string(1100 << 10, 'x') + "} *\n\n";
  for (const std::string& tail : {std::string("[Event \"after\"]\n\n1. d4 *\n"), std::string()}) {
    for (const std::size_t max_read : {std::size_t(1000), static_cast<std::size_t>(-1)}) {
      io::ByteSource src = io::ByteSource::from_memory("1. c4 *\n\n" + over + tail, "<test>", max_read);
      GameSplitter splitter(src, std::size_t(1) << 20);
      std::vector<RawGame> games;
      RawGame g;
      while (splitter.next(g)) games.push_back(g);
      ASSERT_EQ(games.size(), 1u) << max_read;
      EXPECT_EQ(games[0].text, "1. c4 *");
      ASSERT_TRUE(src.error()) << max_read;
      EXPECT_NE(src.error()->find("the game at line 3 runs past 1 MiB"), std::string::npos) << *src.error();
    }
  }
}

TEST(GameSplitter, ABomRightAfterAMarkerStartsTheNextGame) {
  // Two files saved with a BOM and no final line end (Notepad), joined by cat: the second
  // file's BOM follows the first one's marker on its line.
  for (const std::size_t max_read : {std::size_t(1), std::size_t(2), static_cast<std::size_t>(-1)}) {
    io::ByteSource src = io::ByteSource::from_memory(
        "\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 *\xEF\xBB\xBF[Event \"b\"]\n\n1. d4 *", "<test>", max_read);
    GameSplitter splitter(src);
    std::vector<RawGame> games;
    RawGame g;
    while (splitter.next(g)) games.push_back(g);
    ASSERT_EQ(games.size(), 2u) << max_read;
    EXPECT_EQ(games[0].text, "[Event \"a\"]\n\n1. e4 *");
    EXPECT_EQ(games[1].text, "[Event \"b\"]\n\n1. d4 *");
    EXPECT_EQ(games[1].line, 3u);
  }
}

TEST(GameSplitter, ABomRightAfterAResultSymbolStartsTheNextGame) {
  // As after '*': the BOM bytes would otherwise join the symbol ("1-0\xEF\xBB\xBF", no
  // marker), and the first game would run on into the second.
  for (const std::string marker : {"1-0", "0-1", "1/2-1/2"}) {
    for (const std::size_t max_read : {std::size_t(1), std::size_t(2), std::size_t(5), static_cast<std::size_t>(-1)}) {
      const auto games = split("\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 " + marker + "\xEF\xBB\xBF[Event \"b\"]\n\n1. d4 " + marker +
                                   "\xEF\xBB\xBF" "1. c4 *",
                               max_read);
      EXPECT_EQ(texts(games), (std::vector<std::string>{"[Event \"a\"]\n\n1. e4 " + marker,
                                                        "[Event \"b\"]\n\n1. d4 " + marker, "1. c4 *"}))
          << marker << " " << max_read;
      ASSERT_EQ(games.size(), 3u);
      EXPECT_EQ(games[1].line, 3u);
      EXPECT_EQ(games[1].column, 10u + marker.size());  // as after '*', the BOM mid-line is counted
    }
  }
  // Only a whole BOM: a marker glued to part of one is a longer symbol.
  EXPECT_EQ(texts(split("1. e4 1-0\xEF\xBB d5 *")), std::vector<std::string>{"1. e4 1-0\xEF\xBB d5 *"});
}

TEST(GameSplitter, ABomInTheMiddleOfALineStartsTheNextGame) {
  // cat a.pgn b.pgn where a.pgn has no final line end and its last game no marker, and
  // b.pgn starts with a BOM: the BOM ends the symbol before it and the game, and the next
  // game starts after it (found by QA: b's first tag pair was read as a's movetext).
  const std::string b = "\xEF\xBB\xBF[Event \"b\"]\n\n1. d4 d5 *\n";
  const std::string b_game = "[Event \"b\"]\n\n1. d4 d5 *";
  for (const std::size_t max_read : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(5),
                                     static_cast<std::size_t>(-1)}) {
    auto games = split("[Event \"a\"]\n\n1. e4 e5" + b, max_read);
    EXPECT_EQ(texts(games), (std::vector<std::string>{"[Event \"a\"]\n\n1. e4 e5", b_game})) << max_read;
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[1].line, 3u);
    EXPECT_EQ(games[1].column, 12u);  // mid-line, the BOM's bytes are counted
    EXPECT_EQ(games[1].byte_offset, 24u);
    // A game of tags only (a list of pairings), after a comment, a NAG, a ')' or a blank,
    // and inside a variation: the same.
    for (const std::string a : {"[Event \"a\"]\n[Result \"*\"]", "[Event \"a\"]\n\n1. e4 {c}", "1. e4 $1",
                                "1. e4 (1... d5)", "1. e4 ", "1. e4 (1. d4"}) {
      games = split(a + b, max_read);
      std::string a_game = a;
      while (a_game.back() == ' ') a_game.pop_back();
      EXPECT_EQ(texts(games), (std::vector<std::string>{a_game, b_game})) << a << " " << max_read;
    }
    // A BOM that no tag pair follows on its line stays in the game (the parser reports
    // it): the games written back, which drop it and put an empty line between them,
    // must read as the same games (found by QA: "1. d4<BOM>d5) e5 1-0" became a game
    // that joined the one before it when re-read). After a marker a BOM still ends the
    // game, as whatever follows it then starts the next.
    EXPECT_EQ(texts(split("1. e4 e5\xEF\xBB\xBF" "1. d4 *\xEF\xBB\xBF" "1-0 a1-0\xEF\xBB\xBF" "1-0-0", max_read)),
              (std::vector<std::string>{"1. e4 e5\xEF\xBB\xBF" "1. d4 *", "1-0 a1-0", "1-0-0"}))
        << max_read;
    EXPECT_EQ(texts(split("1. e4 (1. d4\xEF\xBB\xBF" "d5) e5 1-0\n1.\xEF\xBB\xBF \xEF\xBB\xBF\t[A \"b\"]", max_read)),
              (std::vector<std::string>{"1. e4 (1. d4\xEF\xBB\xBF" "d5) e5 1-0", "1.", "[A \"b\"]"}))
        << max_read;
    // A 0xEF that begins no BOM is a byte of its symbol, and a BOM at a line start is no
    // text (a file joined after a line end: the line's own rules decide).
    EXPECT_EQ(texts(split("1. e4 e5\xEF\xBC\x8B 2. Nf3 *\n1. d4\n\xEF\xBB\xBF" "d5 *", max_read)),
              (std::vector<std::string>{"1. e4 e5\xEF\xBC\x8B 2. Nf3 *", "1. d4\n\xEF\xBB\xBF" "d5 *"}))
        << max_read;
  }
}

TEST(GameSplitter, ANulByteIsABlankInAGameAndStartsOneBetweenGames) {
  using namespace std::string_literals;
  for (const std::size_t max_read : {std::size_t(1), std::size_t(2), std::size_t(5), static_cast<std::size_t>(-1)}) {
    // Found by QA: a NUL after a tag pair was movetext, so the next tag line started a
    // game; it is a blank, and the game stays one (its parser reports the NUL).
    const std::string one = "[Event \"A\"]\n[White \"W\"]\0\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0"s;
    EXPECT_EQ(texts(split(one + "\n", max_read)), std::vector<std::string>{one}) << max_read;
    // A NUL never joins a symbol, so a marker glued to one is a marker.
    EXPECT_EQ(texts(split("1. e4\0" "1-0\0 d4\n1. d4 *"s, max_read)),
              (std::vector<std::string>{"1. e4\0" "1-0\0"s, "d4\n1. d4 *"}))
        << max_read;
    // A line of blanks and NULs is empty: in a comment, a tag pair line after it ends the
    // game, also where the comment closes further on (found by the fuzzer: the mid-line
    // skip, which passes such a comment whole, took the NUL for text).
    EXPECT_EQ(texts(split("1. e4 {c\n\0\n[Event \"b\"]\n1. d4 } *"s, max_read)),
              (std::vector<std::string>{"1. e4 {c\n\0"s, "[Event \"b\"]\n1. d4 } *"}))
        << max_read;
    // Between games, a NUL starts a game: none is dropped, and the text of a game keeps
    // the NULs at its end. The game a NUL starts is text, so a tag pair line after it
    // starts the next game (which it still does when the games are written back, with
    // an empty line between them: found by QA).
    auto games = split("1. e4 *\n \0\n[Event \"b\"]\n1. d4 *\0\0\n\0"s, max_read);
    EXPECT_EQ(texts(games), (std::vector<std::string>{"1. e4 *", "\0"s, "[Event \"b\"]\n1. d4 *\0\0"s, "\0"s}))
        << max_read;
    ASSERT_EQ(games.size(), 4u);
    EXPECT_EQ(games[1].line, 2u);
    EXPECT_EQ(games[1].column, 2u);
    EXPECT_EQ(games[2].line, 3u);
    EXPECT_EQ(games[3].line, 5u);
    EXPECT_EQ(texts(split("1. e4 *\n\0\n\n[Event \"b\"]\n1. d4 *"s, max_read)),
              (std::vector<std::string>{"1. e4 *", "\0"s, "[Event \"b\"]\n1. d4 *"}))
        << max_read;
  }
}

TEST(GameSplitter, ANulBeforeAGamesFirstTagOrMovetextIsText) {
  using namespace std::string_literals;
  // Found by QA: annotate copies the game a NUL starts behind its "; chesstool:" line,
  // which then starts the game; the NUL in it was a blank, so the next game's tags joined
  // it (3 games read, 2 written). Before the first tag or movetext a NUL is text, as it
  // is where it starts a game, so the copy splits as the original did.
  for (const std::size_t max_read : {std::size_t(1), std::size_t(2), std::size_t(5), static_cast<std::size_t>(-1)}) {
    EXPECT_EQ(texts(split("; chesstool: x\n\n\0\n\n[Event \"b\"]\n\n1. d4 *"s, max_read)),
              (std::vector<std::string>{"; chesstool: x\n\n\0"s, "[Event \"b\"]\n\n1. d4 *"}))
        << max_read;
    EXPECT_EQ(texts(split("{c}\n \0\n[Event \"b\"]\n1. d4 *"s, max_read)),
              (std::vector<std::string>{"{c}\n \0"s, "[Event \"b\"]\n1. d4 *"}))
        << max_read;
    // In a comment it is the comment's text; after a tag pair, a blank (the game goes on).
    EXPECT_EQ(split("{c\0}\n\n[Event \"b\"]\n1. d4 *"s, max_read).size(), 1u) << max_read;
    EXPECT_EQ(split("[Event \"a\"]\n\0\n\n[Site \"b\"]\n1. d4 *"s, max_read).size(), 1u) << max_read;
  }
}

TEST(GameSplitter, AGameStartingWithAPercentKeepsABlankBeforeIt) {
  // "  %1. Ke3 *": not an escape line (the '%' is not in column 1), a game whose text,
  // written at a line start by a copy, must not become one: a blank stays before it.
  io::ByteSource src = io::ByteSource::from_memory("1. e4 *\n\n  %1. Ke3 *\n", "<test>");
  GameSplitter splitter(src);
  RawGame first, second;
  ASSERT_TRUE(splitter.next(first));
  ASSERT_TRUE(splitter.next(second));
  EXPECT_EQ(second.text, " %1. Ke3 *");
  EXPECT_EQ(second.line, 3u);
  EXPECT_EQ(second.column, 2u);  // the blank kept, one before the '%' in column 3
  EXPECT_EQ(second.byte_offset, 10u);
}

TEST(GameSplitter, OneLineGamesOfACrlfFileAreCrlfWhereverTheReadsEnd) {
  // A game with no line end in its text takes the first one after it, or at the end of a
  // read the last one read: CRLF throughout, whatever the read sizes. (Before the input's
  // first line end, a read that ends before the line's end leaves LF.)
  const std::string input =
      "\r\n1. e4 e5 1-0 1. d4 d5 0-1\r\n\r\n1. c4 *\r\n\r\n[Event \"x\"]\r\n\r\n1. Nf3 *  \r\n1. g3 1-0";
  const std::string_view crlf = "\r\n", lf = "\n";
  for (std::size_t max_read = 1; max_read <= 9; ++max_read) {
    const auto games = split(input, max_read);
    ASSERT_EQ(games.size(), 5u) << max_read;
    for (const RawGame& g : games) EXPECT_EQ(line_end_of(g), crlf) << g.text << " (reads of " << max_read << ")";
  }
  for (const RawGame& g : split("1. e4 e5 1-0 1. d4 d5 0-1\r\n", static_cast<std::size_t>(-1)))
    EXPECT_EQ(line_end_of(g), crlf) << g.text;
  for (const RawGame& g : split("\n1. e4 *\n\n1. d4 *", 1)) EXPECT_EQ(line_end_of(g), lf) << g.text;
}

TEST(GameSplitter, ABomAtALineStartInsideAGameIsNoText) {
  // cat a.pgn b.pgn where b.pgn starts with a BOM and a.pgn's last game is still open: no
  // result, an open comment, or games separated by an empty line only. The BOM is not
  // the next line's first byte, so the rules that end the open game still apply, and it
  // is no part of either game.
  const std::string b = "\xEF\xBB\xBF[Event \"b\"]\n\n1. d4 d5 0-1\n";
  for (std::size_t max_read : {std::size_t(1), std::size_t(2), std::size_t(4), static_cast<std::size_t>(-1)}) {
    EXPECT_EQ(texts(split("[Event \"a\"]\n\n1. e4 e5\n" + b, max_read)),
              (std::vector<std::string>{"[Event \"a\"]\n\n1. e4 e5", "[Event \"b\"]\n\n1. d4 d5 0-1"}))
        << max_read;
    EXPECT_EQ(texts(split("[Event \"a\"]\n\n1. e4 {open\n\n" + b, max_read)),
              (std::vector<std::string>{"[Event \"a\"]\n\n1. e4 {open", "[Event \"b\"]\n\n1. d4 d5 0-1"}))
        << max_read;
    const auto games = split("1. e4 e5\n\n\xEF\xBB\xBF" "1. d4 d5\n", max_read);
    EXPECT_EQ(texts(games), (std::vector<std::string>{"1. e4 e5", "1. d4 d5"})) << max_read;
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[1].column, 1u);  // the BOM before a line's first byte is not counted
  }
}

TEST(GameSplitter, SplitsOnResultTokenWithoutBlankLine) {
  const auto games = split("f3 e5 g4 Qh4 0-1 e4 e5 1-0");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "f3 e5 g4 Qh4 0-1");
  EXPECT_EQ(games[1].text, "e4 e5 1-0");
  EXPECT_EQ(games[1].index, 2u);
  EXPECT_EQ(games[1].line, 1u);
  EXPECT_EQ(games[1].column, 18u);
  EXPECT_EQ(games[1].byte_offset, 17u);
}

TEST(GameSplitter, SplitsOnEveryTerminationMarker) {
  EXPECT_EQ(texts(split("e4 1/2-1/2 d4 * c4 0-1\nNf3 1-0")),
            (std::vector<std::string>{"e4 1/2-1/2", "d4 *", "c4 0-1", "Nf3 1-0"}));
  // A marker glued to a bracket or a move is still a marker when it stands alone as a token.
  EXPECT_EQ(texts(split("[Result \"*\"]*[Result \"*\"]\ne4*")),
            (std::vector<std::string>{"[Result \"*\"]*", "[Result \"*\"]\ne4*"}));
}

TEST(GameSplitter, FirstMoveNumberAfterEmptyLineStartsAGame) {
  // Tagless games without results, separated only by an empty line (python-chess's
  // errors.pgn): "1." at the start of a line after an empty line starts a new game.
  const std::string text = "1. e4 Qa1 e5\n\n1. a3\n";
  for (std::size_t chunk : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(7), static_cast<std::size_t>(-1)}) {
    auto games = split(text, chunk);
    ASSERT_EQ(games.size(), 2u) << "chunk " << chunk;
    EXPECT_EQ(games[0].text, "1. e4 Qa1 e5") << "chunk " << chunk;
    EXPECT_EQ(games[1].text, "1. a3");
    EXPECT_EQ(games[1].line, 3u);
  }
  // "1..." continues the game, a "1." inside a variation or on the same line too.
  EXPECT_EQ(split("1. e4\n\n1... e5 *\n").size(), 1u);
  EXPECT_EQ(split("1. e4 e5 (\n\n1. d4) *\n").size(), 1u);
  EXPECT_EQ(split("1. e4 e5 1. d4 *\n").size(), 1u);
  EXPECT_EQ(split("1. e4 e5\n12. d4 *\n").size(), 1u);
}

TEST(GameSplitter, CastlingWithZerosDoesNotEndGame) {
  EXPECT_EQ(split("1. e4 e5 2. 0-0 0-0-0 0-1").size(), 1u);
  EXPECT_EQ(split("1. e4 1-0-0 1/2 2. d4 *").size(), 1u);
}

TEST(GameSplitter, CommentStartingLineBetweenMovesStaysInGame) {
  const auto games = split("[Event \"x\"]\n\n1. e4 e5\n{ [%eval 0.2] } 2. Nf3 *\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].text, "[Event \"x\"]\n\n1. e4 e5\n{ [%eval 0.2] } 2. Nf3 *");
}

TEST(GameSplitter, BracketAndResultInsideCommentDoNotSplit) {
  const auto games = split("1. e4 {see\n[Event \"y\"] 1-0 ( *\n} e5 *\n1. d4 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].text, "1. d4 *");
  EXPECT_EQ(games[1].line, 4u);
}

TEST(GameSplitter, SemicolonCommentHidesMarkerAndBracket) {
  const auto games = split("1. e4 ; 1-0 [x\n e5 *");
  ASSERT_EQ(games.size(), 1u);
}

TEST(GameSplitter, ResultInsideVariationDoesNotEndGame) {
  const auto games = split("1. e4 (1. d4 1-0) (1. c4 (1. Nf3 *)) e5 0-1 1. d4 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "1. e4 (1. d4 1-0) (1. c4 (1. Nf3 *)) e5 0-1");
}

TEST(GameSplitter, TagLineAfterMovetextStartsNewGame) {
  const auto games = split("[Event \"a\"]\n1. e4 e5\n  [Event \"b\"]\n1. d4 *\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "[Event \"a\"]\n1. e4 e5");
  EXPECT_EQ(games[1].text, "[Event \"b\"]\n1. d4 *");
  EXPECT_EQ(games[1].line, 3u);
  EXPECT_EQ(games[1].column, 3u);
}

TEST(GameSplitter, TagSectionsWithoutMovetextStayOneGame) {
  // Blank lines inside a tag section are common (ChessBase exports): while no tag repeats,
  // nothing says a game ended.
  EXPECT_EQ(split("[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 *").size(), 1u);
  EXPECT_EQ(split("[Event \"a\"]\n\n[Site \"b\"]\n[Date \"?\"]\n\n\n[Round \"1\"]\n1. e4 *").size(), 1u);
}

std::vector<RawGame> split_every_way(const std::string& input);  // below

TEST(GameSplitter, TagSectionThatRepeatsATagAfterAnEmptyLineIsTheNextGame) {
  // A game of tags only (pairings, a header whose moves were lost) is a game of its own:
  // the next section repeats one of its tags.
  auto games = split_every_way("[Event \"A\"]\n\n\n[Event \"B\"]\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "[Event \"A\"]");
  EXPECT_EQ(games[1].text, "[Event \"B\"]");
  EXPECT_EQ(games[1].line, 4u);
  games = split_every_way("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n[White \"C\"]\n[Result \"*\"]\n\n1. d4 d5 *\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].text, "[White \"C\"]\n[Result \"*\"]\n\n1. d4 d5 *");
  // Without an empty line before it, a repeated tag stays in the game (duplicate-tag).
  EXPECT_EQ(split_every_way("[Event \"A\"]\n[Event \"B\"]\n\n1. e4 *").size(), 1u);
  // A name repeated inside a comment or a value is no tag of the game.
  EXPECT_EQ(split_every_way("[Site \"[Event x\"]\n{[Event}\n\n[Event \"B\"]\n1. e4 *").size(), 1u);
}

TEST(GameSplitter, BracketMidLineInMovetextDoesNotSplit) {
  EXPECT_EQ(split("1. e4 [Event \"x\"] e5 *").size(), 1u);
}

TEST(GameSplitter, TagValueWithBracketAndEscapedQuote) {
  const auto games = split("[Event \"a ] \\\" 1-0 [\"]\n1. e4 *\n[Event \"b\"] *");
  ASSERT_EQ(games.size(), 2u);
  ProblemCodes v;
  parse_game(games[0], v);
  EXPECT_EQ(v.tags, std::vector<std::string>{"Event=a ] \" 1-0 ["});
  EXPECT_TRUE(v.codes.empty());
}

TEST(GameSplitter, GamesWithoutTagsAreFine) {
  const auto games = split("1. e4 e5 *\n\n1. d4 d5 1-0\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].line, 3u);
  EXPECT_EQ(games[1].byte_offset, 12u);
}

TEST(GameSplitter, WhitespaceBetweenGamesProducesNoGame) {
  EXPECT_TRUE(split("").empty());
  EXPECT_TRUE(split(" \n\r\n\t\n  \r").empty());
  EXPECT_EQ(split("\n\n  e4 *  \n\n \t\n").size(), 1u);
}

TEST(GameSplitter, EscapeLinesOutsideGamesProduceNoGame) {
  const auto games = split("% produced by a tool\n[Event \"x\"] *\n%another [ line\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].line, 2u);
}

TEST(GameSplitter, AnEscapeLineWithANulBetweenGamesStartsAGame) {
  using namespace std::string_literals;
  // Found by QA: the line was dropped with the NUL in it, unreported, while inside a game
  // the same line gives nul-byte. It starts a game in column 1, where it stays an escape
  // line for the parser, which reports the NUL; a tag line after it starts the next game.
  for (const std::size_t max_read : {std::size_t(1), std::size_t(2), std::size_t(5), static_cast<std::size_t>(-1)}) {
    auto games = split("[Event \"a\"]\n\n1. e4 e5 1-0\n\n%es\0c\n\n[Event \"b\"]\n\n1. d4 *\n% plain\n"s, max_read);
    EXPECT_EQ(texts(games), (std::vector<std::string>{"[Event \"a\"]\n\n1. e4 e5 1-0", "%es\0c"s, "[Event \"b\"]\n\n1. d4 *"}))
        << max_read;
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(games[1].line, 5u);
    EXPECT_EQ(games[1].column, 1u);
    EXPECT_EQ(games[1].byte_offset, 27u);
    EXPECT_EQ(texts(split("%es\0c\n[Event \"a\"]\n\n1. e4 e5 1-0\n"s, max_read)),
              (std::vector<std::string>{"%es\0c"s, "[Event \"a\"]\n\n1. e4 e5 1-0"}))
        << max_read;
    // Its copy behind annotate's "; chesstool:" line: the NUL in the escape line, before
    // the first tag or movetext, is text as well.
    EXPECT_EQ(texts(split("; chesstool: x\n\n%es\0c\n\n[Event \"b\"]\n1. d4 *"s, max_read)),
              (std::vector<std::string>{"; chesstool: x\n\n%es\0c"s, "[Event \"b\"]\n1. d4 *"}))
        << max_read;
  }
}

TEST(GameSplitter, ANulPastAGamesSizeInAnEscapeLineStartsAGameThere) {
  using namespace std::string_literals;
  // The line is not held past the most text a game may have: then the game starts at the
  // NUL, whatever the read sizes.
  auto split_small = [](const std::string& data, std::size_t max_read) {
    io::ByteSource src = io::ByteSource::from_memory(data, "<test>", max_read);
    GameSplitter splitter(src, 8);
    std::vector<RawGame> games;
    RawGame g;
    while (splitter.next(g)) games.push_back(g);
    return texts(games);
  };
  for (const std::size_t max_read : {std::size_t(1), std::size_t(3), std::size_t(7), static_cast<std::size_t>(-1)}) {
    EXPECT_EQ(split_small("%aaaaaaaaaaaaaaaaaaaa\0b\n\n[E \"x\"]\n"s, max_read), (std::vector<std::string>{"\0b"s, "[E \"x\"]"}))
        << max_read;
    EXPECT_EQ(split_small("%aa\0b\n\n[E \"x\"]\n"s, max_read), (std::vector<std::string>{"%aa\0b"s, "[E \"x\"]"}))
        << max_read;
  }
}

TEST(GameSplitter, EscapeLineInsideGameHidesTokens) {
  EXPECT_EQ(split("1. e4\n% 1-0 {\ne5 *").size(), 1u);
}

TEST(GameSplitter, CountsLfCrAndCrlfLineEnds) {
  const auto games = split("e4 *\r\ne4 *\re4 *\ne4 *\r\n\r\n\r\re4 *\n\n");
  ASSERT_EQ(games.size(), 5u);
  EXPECT_EQ(games[0].line, 1u);
  EXPECT_EQ(games[1].line, 2u);
  EXPECT_EQ(games[2].line, 3u);
  EXPECT_EQ(games[3].line, 4u);
  EXPECT_EQ(games[4].line, 8u);
  EXPECT_EQ(games[4].byte_offset, 26u);
  EXPECT_EQ(games[4].column, 1u);
}

TEST(GameSplitter, SkipsBomAndCountsColumnsAfterIt) {
  const auto games = split("\xEF\xBB\xBF[Event \"x\"]\n1. e4 *\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].text.substr(0, 1), "[");
  EXPECT_EQ(games[0].line, 1u);
  EXPECT_EQ(games[0].column, 1u);
  EXPECT_EQ(games[0].byte_offset, 3u);
  // A BOM of a second concatenated file is skipped as well.
  const auto two = split("\xEF\xBB\xBF" "e4 *\n\xEF\xBB\xBF" "d4 *\n");
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[1].text, "d4 *");
  EXPECT_EQ(two[1].column, 1u);
  EXPECT_EQ(two[1].byte_offset, 11u);
}

TEST(GameSplitter, TabsAreWhitespace) {
  const auto games = split("\t[Event\t\"x\"]\t\n\t1.\te4\t*\t\t1. d4 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].column, 2u);
  EXPECT_EQ(games[1].column, 11u);
}

TEST(GameSplitter, NeverEndingCommentEndsAtEndOfInput) {
  // Nothing in the comment looks like a tag pair line after an empty line (a "1." does
  // not count inside a comment): it runs to the end of the input.
  const std::string input = "[Event \"x\"]\n1. e4 { never closed\n\n1. d4 *\n\n[Event y]\n";
  const auto games = split(input);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].text, input.substr(0, input.size() - 1));
  ProblemCodes v;
  parse_game(games[0], v);
  EXPECT_EQ(v.codes, (std::vector<std::string>{"unterminated-comment", "missing-result"}));
}

// Splits input with every read size of interest and checks all give the same games.
std::vector<RawGame> split_every_way(const std::string& input) {
  const auto reference = split(input);
  for (const std::size_t max_read : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(7)}) {
    const auto games = split(input, max_read);
    EXPECT_EQ(games.size(), reference.size()) << "max_read " << max_read;
    for (std::size_t i = 0; i < std::min(games.size(), reference.size()); ++i) {
      EXPECT_EQ(games[i].text, reference[i].text) << "max_read " << max_read << " game " << i;
      EXPECT_EQ(games[i].line, reference[i].line) << "max_read " << max_read << " game " << i;
      EXPECT_EQ(games[i].column, reference[i].column) << "max_read " << max_read << " game " << i;
      EXPECT_EQ(games[i].byte_offset, reference[i].byte_offset) << "max_read " << max_read << " game " << i;
    }
  }
  return reference;
}

std::vector<std::string> codes_of(const RawGame& game) {
  ProblemCodes v;
  parse_game(game, v);
  return v.codes;
}

TEST(GameSplitter, UnterminatedCommentEndsBeforeTagPairLineAfterEmptyLine) {
  for (const std::string eol : {"\n", "\r\n", "\r"}) {
    SCOPED_TRACE(eol == "\n" ? "LF" : eol == "\r" ? "CR" : "CRLF");
    const std::string input = "[Event \"a\"]" + eol + eol + "1. e4 { oops" + eol + eol + "[Event \"b\"]" + eol + eol +
                              "1. d4 d5 *" + eol;
    const auto games = split_every_way(input);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].text, "[Event \"a\"]" + eol + eol + "1. e4 { oops");
    EXPECT_EQ(games[1].text, "[Event \"b\"]" + eol + eol + "1. d4 d5 *");
    EXPECT_EQ(games[1].index, 2u);
    EXPECT_EQ(games[1].line, 5u);
    EXPECT_EQ(games[1].column, 1u);
    EXPECT_EQ(games[1].byte_offset, input.find("[Event \"b\"]"));
    EXPECT_EQ(codes_of(games[0]), (std::vector<std::string>{"unterminated-comment", "missing-result"}));
    ProblemCodes good;
    parse_game(games[1], good);
    EXPECT_TRUE(good.codes.empty());
    EXPECT_EQ(good.tags, std::vector<std::string>{"Event=b"});
    EXPECT_EQ(good.results, 1);
  }
}

TEST(GameSplitter, UnterminatedCommentEndsBeforeTheSemicolonLinesOfTheNextGame) {
  // annotate writes a warning line before a game that does not replay: after a game with a
  // comment left open, the game still starts there, so that the output reads back as the
  // same games. A '}' on such a line closes the comment (then the tag line is its text's).
  for (const std::string eol : {"\n", "\r\n", "\r"}) {
    SCOPED_TRACE(eol == "\n" ? "LF" : eol == "\r" ? "CR" : "CRLF");
    const std::string b = "; chesstool: warning" + eol + ";second" + eol + "[Event \"b\"]" + eol + eol + "1. d4 d5 *";
    const std::string input = "1. e4 { oops" + eol + eol + b + eol;
    const auto games = split_every_way(input);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].text, "1. e4 { oops");
    EXPECT_EQ(games[1].text, b);
    EXPECT_EQ(games[1].line, 3u);
    EXPECT_EQ(games[1].column, 1u);
    EXPECT_EQ(games[1].byte_offset, input.find(';'));
    // An empty line between the ';' line and the tag line: the ';' line stays in the comment.
    const auto apart = split_every_way("1. e4 { oops" + eol + eol + "; x" + eol + eol + "[Event \"b\"] *" + eol);
    ASSERT_EQ(apart.size(), 2u);
    EXPECT_EQ(apart[0].text, "1. e4 { oops" + eol + eol + "; x");
    // A '}' on the ';' line closes the comment: the line is the first game's.
    const auto closed = split_every_way("1. e4 { oops" + eol + eol + "; x } e5" + eol + "[Event \"b\"] *" + eol);
    ASSERT_EQ(closed.size(), 2u);
    EXPECT_EQ(closed[0].text, "1. e4 { oops" + eol + eol + "; x } e5");
  }
}

TEST(GameSplitter, EveryGameAfterUnterminatedCommentsIsFound) {
  // Two broken games in a row, the second one opened by its comment, then a good one;
  // several empty lines, blank-only lines and leading blanks before the '['.
  const std::string input =
      "[Event \"1\"]\n\n1. e4 {a\n\n\n[Event \"2\"]\n{ b (\n \t\n  [Event \"3\"]\n\n1. d4 *\n";
  const auto games = split_every_way(input);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].text, "[Event \"1\"]\n\n1. e4 {a");
  EXPECT_EQ(games[1].text, "[Event \"2\"]\n{ b (");
  EXPECT_EQ(games[1].line, 6u);
  EXPECT_EQ(games[2].text, "[Event \"3\"]\n\n1. d4 *");
  EXPECT_EQ(games[2].line, 9u);
  EXPECT_EQ(games[2].column, 3u);
  EXPECT_EQ(codes_of(games[1]), (std::vector<std::string>{"unterminated-comment", "missing-result"}));
  EXPECT_TRUE(codes_of(games[2]).empty());
}

TEST(GameSplitter, TagPairLineForms) {
  // Blanks inside the '[', no blank before the quote, digits and '_' in names, any
  // symbol byte after the first.
  for (const std::string tag : {"[ Event  \"b\"]", "[Event\"b\"]", "[\tWhite_Elo \"1\"]", "[_x \"\"]", "[9 \"\"]",
                                "[A-b+c \"\"]", "[Event \""}) {
    SCOPED_TRACE(tag);
    const auto games = split_every_way("1. e4 { x\n\n" + tag + "\n1. d4 *\n");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].text, "1. e4 { x");
    EXPECT_EQ(games[1].text, tag + "\n1. d4 *");
  }
}

TEST(GameSplitter, EmptyLineInOpenCommentThenNoTagPairStaysOneComment) {
  for (const std::string next : {"text [Event \"x\"]", "[Event]", "[Event x]", "[ \"x\"]", "[-x \"y\"]", "[\xC3\xA9 \"y\"]",
                                 "[Event\n\"x\"]", "[Event", "[", "\"x\"", "; [Event \"x\"]",
                                 "% [Event \"x\"]", "1. d4"}) {
    SCOPED_TRACE(next);
    const std::string input = "[Event \"a\"]\n1. e4 { x\n\n" + next + "\n} e5 *\n";
    const auto games = split_every_way(input);
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].text, input.substr(0, input.size() - 1));
    EXPECT_TRUE(codes_of(games[0]).empty());
  }
  // A '}' where the quote would be closes the comment as always.
  EXPECT_EQ(split_every_way("1. e4 { x\n\n[Event } e5\n\n[Event \"b\"]\n*\n").size(), 2u);
  EXPECT_EQ(split_every_way("1. e4 { x\n\n[Event } e5 *\n").size(), 1u);
  // A tag pair line right after the comment's first line or after a line with text:
  // no empty line, no cut.
  EXPECT_EQ(split_every_way("1. e4 {x\n[Event \"b\"]\n} *\n").size(), 1u);
  EXPECT_EQ(split_every_way("1. e4 {x\n\ny\n[Event \"b\"]\n} *\n").size(), 1u);
  EXPECT_EQ(split_every_way("1. e4 {\n[Event \"b\"]\n} *\n").size(), 1u);
  // The empty line must be inside the comment: one before the '{' line does not count.
  EXPECT_EQ(split_every_way("1. e4\n\n{x\n[Event \"b\"]\n} *\n").size(), 1u);
  // CRLF is one line end, not an empty line; CR CR is one.
  EXPECT_EQ(split_every_way("1. e4 {x\r\n[Event \"b\"]\r\n} *\r\n").size(), 1u);
  EXPECT_EQ(split_every_way("1. e4 {x\r\r[Event \"b\"]\r} *\r").size(), 2u);
  EXPECT_EQ(split_every_way("1. e4 {x\n\r[Event \"b\"]\r} *\r").size(), 2u);
}

TEST(GameSplitter, OpenCommentIsCutEvenIfClosedLater) {
  // Reading forward only: at the tag pair line the comment is still open, so the game
  // ends there; the '}' further on is a stray token of the next game.
  const auto games = split_every_way("1. e4 { see\n\n[Event \"b\"] for this\n} e5 *\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "1. e4 { see");
  EXPECT_EQ(games[1].text, "[Event \"b\"] for this\n} e5 *");
  EXPECT_EQ(codes_of(games[0]), (std::vector<std::string>{"unterminated-comment", "missing-result"}));
  // After a closed comment the ordinary rules hold: a tag line ends the game only once
  // there is movetext.
  EXPECT_EQ(split_every_way("1. e4 {a}\n\n[Event \"b\"]\n1. d4 *\n").size(), 2u);
  EXPECT_EQ(split_every_way("[Event \"a\"]\n{a}\n\n[Site \"b\"]\n\n1. d4 *\n").size(), 1u);
}

TEST(GameSplitter, UnclosedVariationsEndAtTagPairLine) {
  // '(' left open, nested: the tag line ends the game at any depth, and the parser
  // reports the variations once.
  const std::string input = "[Event \"a\"]\n\n1. e4 (1. d4 (1. c4 e5\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
  const auto games = split_every_way(input);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "[Event \"a\"]\n\n1. e4 (1. d4 (1. c4 e5");
  EXPECT_EQ(codes_of(games[0]), (std::vector<std::string>{"unbalanced-variation", "missing-result"}));
  EXPECT_TRUE(codes_of(games[1]).empty());
  // An open comment inside open variations: both are reported.
  const auto both = split_every_way("1. e4 (1. d4 (1. c4 { x\r\n\r\n[Event \"b\"]\r\n1. d4 *\r\n");
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[0].text, "1. e4 (1. d4 (1. c4 { x");
  EXPECT_EQ(codes_of(both[0]), (std::vector<std::string>{"unterminated-comment", "unbalanced-variation", "missing-result"}));
  EXPECT_EQ(both[1].text, "[Event \"b\"]\r\n1. d4 *");
}

TEST(GameSplitter, UnclosedTagQuoteEndsAtItsLineEnd) {
  // A tag pair never spans lines: the open quote closes at its line end, the next tag
  // pair is read (a tag section may hold empty lines) and the next game is intact.
  const std::string input = "[Event \"abc\n\n[Site \"x\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
  const auto games = split_every_way(input);
  ASSERT_EQ(games.size(), 2u);
  ProblemCodes first;
  parse_game(games[0], first);
  EXPECT_EQ(first.tags, (std::vector<std::string>{"Event=abc", "Site=x"}));
  EXPECT_EQ(first.codes, std::vector<std::string>{"malformed-tag"});
  EXPECT_EQ(games[1].text, "[Event \"b\"]\n\n1. d4 *");
  // An open quote followed by an open comment: the comment is cut at the tag line.
  const auto two = split_every_way("[Event \"abc\n1. e4 { x\n\n[Event \"b\"]\n1. d4 *\n");
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(codes_of(two[0]), (std::vector<std::string>{"malformed-tag", "unterminated-comment", "missing-result"}));
}

TEST(GameSplitter, SemicolonCommentIsNotAnOpenComment) {
  // A '{' inside a ';' comment opens nothing; a ';' inside a {comment} closes nothing.
  const auto games = split_every_way("1. e4 ; { x\n\n[Event \"b\"]\n1. d4 *\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text, "1. e4 ; { x");
  EXPECT_EQ(codes_of(games[0]), std::vector<std::string>{"missing-result"});
  const auto inside = split_every_way("1. e4 { x ;\n\n[Event \"b\"]\n1. d4 *\n");
  ASSERT_EQ(inside.size(), 2u);
  EXPECT_EQ(inside[0].text, "1. e4 { x ;");
}

TEST(GameSplitter, CommentCutWorksAcrossABigBuffer) {
  // The '[' and the '"' that decides the cut far apart in the source, a refill between
  // them: the game still ends at the '['.
  std::string input = "1. e4 {";
  input.append(3 * io::ByteSource::kChunkSize, 'x');
  input += "\n\n[";
  input.append(io::ByteSource::kChunkSize, ' ');
  input += "Event";
  input.append(io::ByteSource::kChunkSize, ' ');
  input += "\"b\"]\n1. d4 *\n";
  const auto games = split(input);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text.size(), 7 + 3 * io::ByteSource::kChunkSize);
  EXPECT_EQ(games[1].byte_offset, input.find('['));
  EXPECT_EQ(games[1].line, 3u);
}

TEST(GameSplitter, NulByteAndBinaryGarbageDoNotCrash) {
  const std::string with_nul("1. e4\0 e5 *\n1. d4 *", 19);
  const auto games = split(with_nul);
  ASSERT_EQ(games.size(), 2u);
  ProblemCodes v;
  parse_game(games[0], v);
  EXPECT_EQ(v.codes, std::vector<std::string>{"nul-byte"});

  std::string garbage;
  std::uint64_t state = 42;
  for (int i = 0; i < 1 << 20; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    garbage.push_back(static_cast<char>(state >> 56));
  }
  std::uint64_t bytes = 0;
  for (const auto& g : split(garbage)) {
    bytes += g.text.size();
    ProblemCodes sink;
    parse_game(g, sink);
  }
  EXPECT_LE(bytes, garbage.size());
}

TEST(GameSplitter, ShortReadsGiveTheSameGames) {
  // Every boundary case must survive a read boundary at any byte.
  const std::string input =
      "\xEF\xBB\xBF[Event \"a \\\" ]\"]\r\n\r\n1. e4 {c\r\n[x} e5 ; 1-0\r\n2. Nf3 1-0\r"
      "e4 0-1 e4 1/2-1/2\n% esc\n[A \"b\"]\n1. d4 (1. c4 *) d5\n[B \"c\"]\r\n*\r\n  \n";
  const auto reference = split(input);
  ASSERT_EQ(reference.size(), 5u);
  for (std::size_t max_read = 1; max_read <= 9; ++max_read) {
    const auto games = split(input, max_read);
    ASSERT_EQ(games.size(), reference.size()) << "max_read " << max_read;
    for (std::size_t i = 0; i < games.size(); ++i) {
      EXPECT_EQ(games[i].text, reference[i].text) << "max_read " << max_read;
      EXPECT_EQ(games[i].line, reference[i].line) << "max_read " << max_read;
      EXPECT_EQ(games[i].column, reference[i].column) << "max_read " << max_read;
      EXPECT_EQ(games[i].byte_offset, reference[i].byte_offset) << "max_read " << max_read;
    }
  }
  EXPECT_EQ(reference[0].byte_offset, 3u);
  EXPECT_EQ(reference[1].text, "e4 0-1");
  EXPECT_EQ(reference[1].line, 6u);
  EXPECT_EQ(reference[2].text, "e4 1/2-1/2");
  EXPECT_EQ(reference[2].column, 8u);
  EXPECT_EQ(reference[3].text, "[A \"b\"]\n1. d4 (1. c4 *) d5");
  EXPECT_EQ(reference[3].line, 8u);
  EXPECT_EQ(reference[4].text, "[B \"c\"]\r\n*");
  EXPECT_EQ(reference[4].line, 10u);
}

TEST(GameSplitter, HugeGameIsHeldWholeAndFollowingGameIsIntact) {
  std::string input = "[Event \"big\"]\n1. e4 {";
  input.append(40u << 20, 'x');  // a 40 MB comment
  input += "} e5 1-0\n[Event \"next\"]\n1. d4 *\n";
  const auto games = split(input);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].text.size(), input.size() - std::string("\n[Event \"next\"]\n1. d4 *\n").size());
  EXPECT_EQ(games[1].text, "[Event \"next\"]\n1. d4 *");
  EXPECT_EQ(games[1].line, 3u);
}

TEST(GameSplitter, BrokenGameThenGoodGameKeepsIndexAndLine) {
  const std::string input =
      "[Event \"bad\"]\n[White \"\"Name\"\"]\n1. e4 (1. d4 ))) <br /> $ }\n\n"
      "[Event \"good\"]\n[White \"W\"]\n\n1. d4 d5 1-0\n";
  const auto games = split(input);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].index, 2u);
  EXPECT_EQ(games[1].line, 5u);
  EXPECT_EQ(games[1].byte_offset, input.find("[Event \"good\"]"));
  ProblemCodes bad;
  parse_game(games[0], bad);
  EXPECT_FALSE(bad.codes.empty());
  ProblemCodes good;
  parse_game(games[1], good);
  EXPECT_TRUE(good.codes.empty());
  EXPECT_EQ(good.tags, (std::vector<std::string>{"Event=good", "White=W"}));
  EXPECT_EQ(good.results, 1);
}

// --- corpus -------------------------------------------------------------------

// Game counts from the corpus's SOURCES.md ("games" column, counted by chessops).
std::map<std::string, std::uint64_t> documented_counts(const fs::path& sources) {
  std::map<std::string, std::uint64_t> counts;
  std::ifstream in(sources);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| pgn/valid/", 0) != 0 && line.rfind("| archives/", 0) != 0) continue;
    std::istringstream cells(line);
    std::string skip, file, games;
    std::getline(cells, skip, '|');
    std::getline(cells, file, '|');
    std::getline(cells, games, '|');
    auto trim = [](std::string s) {
      s.erase(0, s.find_first_not_of(' '));
      s.erase(s.find_last_not_of(' ') + 1);
      return s;
    };
    counts[trim(file)] = std::stoull(trim(games));
  }
  return counts;
}

TEST(GameSplitter, CountsGamesOfCorpusFiles) {
  const fs::path corpus = CHESSTOOL_CORPUS_DIR;
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus not available at " << corpus;
  ASSERT_TRUE(fs::exists(corpus / "SOURCES.md")) << "SOURCES.md missing from the corpus";
  auto expected = documented_counts(corpus / "SOURCES.md");
  ASSERT_GE(expected.size(), 60u);
  EXPECT_EQ(expected["archives/twic1599-first1MB.pgn"], 1110u);
  EXPECT_EQ(expected["archives/lichess-db-sample-first1MB.pgn"], 438u);
  EXPECT_EQ(expected["archives/twic-01-232games.pgn"], 232u);
  EXPECT_EQ(expected["archives/cutechess-3fold-repetition-713games.pgn"], 713u);
  // chessops ends a game at a blank line that follows a comment placed between the
  // tag section and the first move (the Barnes-Horton game), making one game two.
  // The PGN standard has no such boundary: the comment belongs to the movetext.
  expected["pgn/valid/pgn-extract-barnes-horton.pgn"] -= 1;
  expected["pgn/valid/pgn-extract-test-checkmate.pgn"] -= 1;
  expected["pgn/valid/pgn-extract-test-stalemate.pgn"] -= 1;
  // chessops reads tag sections without movetext, separated by empty lines, as one game;
  // their own test suites split them (python-chess's test_no_movetext: games "A" and "B";
  // scalachess's Uzchess Cup test: 45 pairings), as chesstool does when a section repeats
  // a tag of the one before. python-chess-chessbase-empty-line.pgn (an empty line inside
  // one tag section) stays one game.
  expected["pgn/valid/python-chess-no-movetext.pgn"] += 1;
  expected["pgn/valid/scalachess-uzchesscup-headers-only.pgn"] += 44;
  EXPECT_EQ(expected["pgn/valid/python-chess-chessbase-empty-line.pgn"], 1u);

  for (const auto& [file, count] : expected) {
    io::ByteSource src((corpus / file).string());
    ASSERT_FALSE(src.error().has_value()) << *src.error();
    GameSplitter splitter(src);
    RawGame g;
    std::uint64_t games = 0;
    std::uint64_t errors = 0;
    while (splitter.next(g)) {
      ++games;
      EXPECT_EQ(g.index, games);
      class ErrorCounter : public Visitor {
       public:
        std::uint64_t* errors;
        void problem(Severity s, std::string_view, std::string, const SourceLoc&, std::string_view) override {
          if (s == Severity::Error) ++*errors;
        }
      } counter;
      counter.errors = &errors;
      parse_game(g, counter);
    }
    EXPECT_EQ(games, count) << file;
    if (file.rfind("archives/", 0) == 0) {
      EXPECT_EQ(errors, 0u) << file;
    }
  }
}

}  // namespace
}  // namespace chesstool::pgn
