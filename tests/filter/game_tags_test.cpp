// SPDX-License-Identifier: MIT
// GameTags: the tag section read from raw text agrees with what the parser delivers.
#include "filter/game_tags.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "pgn/movetext_parser.hpp"
#include "support/raw_game.hpp"

namespace chesstool::filter {
namespace {

using Tags = std::vector<std::pair<std::string, std::string>>;

Tags read(const std::string& text) {
  pgn::RawGame raw = testing::raw_game(text);
  GameTags tags;
  tags.read(raw);
  Tags out;
  for (const auto& [k, v] : tags.all()) out.emplace_back(std::string(k), std::string(v));
  return out;
}

// What the movetext parser delivers, first occurrence of each name kept (the replayer's rule).
Tags parsed_tags(const std::string& text) {
  struct Collect : pgn::Visitor {
    Tags tags;
    void tag(std::string_view name, std::string_view value, const pgn::SourceLoc&) override {
      for (const auto& [k, v] : tags)
        if (k == name) return;
      tags.emplace_back(std::string(name), std::string(value));
    }
  } c;
  pgn::RawGame raw = testing::raw_game(text);
  pgn::parse_game(raw, c);
  return c.tags;
}

TEST(GameTags, ReadsPlainTagPairs) {
  const std::string g = "[Event \"Tata Steel\"]\n[White \"Carlsen, Magnus\"]\n[WhiteElo \"2830\"]\n\n1. e4 e5 1-0";
  EXPECT_EQ(read(g), (Tags{{"Event", "Tata Steel"}, {"White", "Carlsen, Magnus"}, {"WhiteElo", "2830"}}));
}

TEST(GameTags, StopsAtTheMovetext) {
  // A tag pair after the first move is movetext (the parser reports it and ignores it).
  const std::string g = "[White \"A\"]\n1. e4 [Black \"B\"] e5 *";
  EXPECT_EQ(read(g), (Tags{{"White", "A"}}));
  EXPECT_EQ(read(g), parsed_tags(g));
}

TEST(GameTags, AgreesWithTheParserOnEveryShape) {
  const std::vector<std::string> games = {
      "[White \"say \\\"hi\\\" \\\\ ok\"]\n*",           // escapes
      "[White \"A\"]\n[White \"B\"]\n*",                  // duplicate: the first counts
      "{before} [White \"A\"] ; note\n[Black \"B\"]\n*",  // comments among the tags
      "% escape line\n[White \"A\"]\n*",                  // '%' line (spec 6)
      "[White \"no closing quote]\n[Black \"B\"]\n*",     // broken: the parser's repair
      "[White Carlsen]\n*",                               // unquoted value
      "[White \"A\" junk]\n*",                            // text after the value
      "[White \"\"Name\"\"]\n*",                          // unescaped quotes
      "[White \"A\"\n[Black \"B\"]\n*",                   // no ']'
      "[  White   \"A\"   ]\n*",                          // blanks
      "[White \"Andr\xe9\"]\n*",                          // CP1252
      "[White \"Pel\xc3\xa9\"]\n*",                       // UTF-8
      "[ \"no name\"]\n[Black \"B\"]\n*",                 // no name: dropped
      "[White \"A\"]\r\n[Black \"B\"]\r\n\r\n1. e4 *",    // CRLF
      "",
      "1. e4 e5 *",
  };
  for (const auto& g : games) {
    EXPECT_EQ(read(g), parsed_tags(g)) << g;
    // Asking for one tag gives the parser's value of it, or nothing when it has none.
    pgn::RawGame raw = testing::raw_game(g);
    for (const std::string name : {"White", "Black", "Event"}) {
      const std::vector<std::string> wanted = {name};
      GameTags tags;
      tags.read(raw, &wanted);
      std::optional<std::string> expected;
      for (const auto& [k, v] : parsed_tags(g))
        if (k == name) expected = v;
      auto got = tags.tag(name);
      EXPECT_EQ(got ? std::optional<std::string>(std::string(*got)) : std::nullopt, expected) << name << " in " << g;
      EXPECT_LE(tags.all().size(), 1u);
    }
  }
}

TEST(GameTags, WantedTagsOnly) {
  const std::string g = "[White \"A\"]\n[WhiteElo \"2500\"]\n[WhiteElo \"1000\"]\n[Black \"B\"]\n*";
  const std::vector<std::string> wanted = {"WhiteElo"};
  GameTags tags;
  pgn::RawGame raw = testing::raw_game(g);
  tags.read(raw, &wanted);
  EXPECT_EQ(tags.all().size(), 1u);
  EXPECT_EQ(tags.tag("WhiteElo").value(), "2500");
  EXPECT_FALSE(tags.tag("White").has_value());  // not asked for
  const std::vector<std::string> none;
  tags.read(raw, &none);
  EXPECT_TRUE(tags.all().empty());
}

TEST(GameTags, ConvertsCp1252) {
  GameTags tags;
  pgn::RawGame raw = testing::raw_game("[White \"Andr\xe9\"]\n*");
  tags.read(raw);
  EXPECT_EQ(tags.tag("White").value(), "Andr\xc3\xa9");
  EXPECT_FALSE(tags.tag("Black").has_value());
}

}  // namespace
}  // namespace chesstool::filter
