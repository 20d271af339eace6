// SPDX-License-Identifier: MIT
// Tests for tournament/player_identity: FideId first, normalized names, near-match warnings.
#include <gtest/gtest.h>

#include "tournament/player_identity.hpp"

namespace chesstool {
namespace {

TEST(PlayerIdentity, Normalize) {
  EXPECT_EQ(tournament::normalize_name("  Carlsen,   Magnus "), "Carlsen,Magnus");
  EXPECT_EQ(tournament::normalize_name("Carlsen, Magnus"), "Carlsen,Magnus");
  EXPECT_EQ(tournament::normalize_name("Carlsen , Magnus"), "Carlsen,Magnus");  // a blank before the comma too
  EXPECT_EQ(tournament::normalize_name("Carlsen\u00A0,Magnus"), "Carlsen,Magnus");
  EXPECT_EQ(tournament::normalize_name("\u2068Li, Wei\u2069"), "Li,Wei");
  EXPECT_EQ(tournament::normalize_name("So\u200B,W\u200F"), "So,W");
  EXPECT_EQ(tournament::normalize_name("Van  der Wiel, John"), "Van der Wiel,John");
  EXPECT_EQ(tournament::strip_invisible("a\u00ADb\uFEFFc\u202Ed"), "abcd");
  // Unicode's other spaces are blanks: a no-break space after the comma, an ideographic one.
  EXPECT_EQ(tournament::normalize_name("Carlsen,\u00A0Magnus"), "Carlsen,Magnus");
  EXPECT_EQ(tournament::normalize_name("Van\u202Fder\u3000Wiel, John"), "Van der Wiel,John");
}

TEST(PlayerIdentity, NearMatches) {
  EXPECT_TRUE(tournament::names_nearly_match("Carlsen,M", "Carlsen,Magnus"));
  EXPECT_TRUE(tournament::names_nearly_match("carlsen,M.", "Carlsen,Magnus"));
  EXPECT_TRUE(tournament::names_nearly_match("So,W", "So,Wesley"));
  EXPECT_FALSE(tournament::names_nearly_match("So,W", "So,Ying"));
  EXPECT_FALSE(tournament::names_nearly_match("Carlsen,M", "Carlson,Magnus"));
}

TEST(PlayerIdentity, NearMatchesIgnoreAccentsAndCase) {
  // An export without accents, or in capitals, beside the accented spelling.
  EXPECT_TRUE(tournament::names_nearly_match("Unsal,Ali", "\u00DCnsal,Ali"));
  EXPECT_TRUE(tournament::names_nearly_match("\u00DCNSAL,A", "\u00FCnsal,Ali"));
  EXPECT_TRUE(tournament::names_nearly_match("Cech,Jan", "\u010Cech,Jan"));
  EXPECT_TRUE(tournament::names_nearly_match("\u00C9lise Dupont", "elise dupont"));
  EXPECT_FALSE(tournament::names_nearly_match("Unsal,Ali", "\u00DCnsal,Veli"));
  // A letter of its own, not a letter with a mark, stays itself.
  EXPECT_FALSE(tournament::names_nearly_match("Lodz,Anna", "\u0141odz,Anna"));
  auto id = tournament::identify_players({{"Unsal, Ali", ""}, {"\u00DCnsal, Ali", ""}});
  ASSERT_EQ(id.players.size(), 2u);  // ranked as two, as for any near match
  ASSERT_EQ(id.warnings.size(), 1u);
  EXPECT_NE(id.warnings[0].find("may be one player"), std::string::npos);
}

TEST(PlayerIdentity, FideIdMergesSpellings) {
  auto id = tournament::identify_players({{"Carlsen,M", "1503014"}, {"Carlsen, Magnus", "1503014"}, {"Carlsen,M", "1503014"},
                                      {"Caruana,F", ""}, {"Caruana,F", "2020009"}});
  ASSERT_EQ(id.players.size(), 2u);
  EXPECT_EQ(id.player_of, (std::vector<std::size_t>{0, 0, 0, 1, 1}));  // the id-less mention joins its name's id
  EXPECT_EQ(id.players[0].name, "Carlsen,M");                         // the most frequent spelling
  EXPECT_EQ(id.players[0].fide_id, "1503014");
  ASSERT_EQ(id.warnings.size(), 1u);
  EXPECT_NE(id.warnings[0].find("FideId 1503014"), std::string::npos);
}

TEST(PlayerIdentity, WarningsHoldTheNamesAsWritten) {
  // The console escapes a warning when it prints it; report's JSON holds the exact text, so
  // the names in it must be the players' own (they held "\\x1B" for the character).
  auto id = tournament::identify_players({{"Ann\x1B[31m", "5"}, {"Ann", "5"}});
  ASSERT_EQ(id.warnings.size(), 1u);
  EXPECT_NE(id.warnings[0].find("\"Ann\x1B[31m\" (1 game)"), std::string::npos) << id.warnings[0];
}

TEST(PlayerIdentity, NamesWithoutIdNearMatchWarnOnly) {
  auto id = tournament::identify_players({{"Carlsen,M", ""}, {"Carlsen, Magnus", ""}, {"Carlsen,  Magnus", ""}});
  ASSERT_EQ(id.players.size(), 2u);  // "Carlsen, Magnus" and "Carlsen,  Magnus" are one
  EXPECT_EQ(id.player_of, (std::vector<std::size_t>{0, 1, 1}));
  bool near = false;
  for (const auto& w : id.warnings) near = near || w.find("may be one player") != std::string::npos;
  EXPECT_TRUE(near);
}

TEST(PlayerIdentity, ComposedAndDecomposedAccentsAreOneName) {
  // "Müller" with U+00FC, and with u + U+0308 (as macOS writes file names and some
  // keyboards type): one player, one spelling, no warning.
  const std::string composed = "M\u00FCller, Jan", decomposed = "Mu\u0308ller, Jan";
  EXPECT_EQ(tournament::normalize_name(decomposed), tournament::normalize_name(composed));
  auto id = tournament::identify_players({{composed, ""}, {decomposed, ""}, {decomposed, ""}});
  ASSERT_EQ(id.players.size(), 1u);
  EXPECT_EQ(id.players[0].name, composed);  // shown composed, as a reader sees it
  EXPECT_TRUE(id.warnings.empty());
  // Bytes that are not UTF-8 are compared as they are.
  EXPECT_EQ(tournament::normalize_name("M\xFCller"), "M\xFCller");
}

TEST(PlayerIdentity, OneNameTwoIds) {
  auto id = tournament::identify_players({{"Li,Wei", "1"}, {"Li,Wei", "2"}, {"Li,Wei", ""}});
  EXPECT_EQ(id.players.size(), 3u);  // the id-less mention cannot be placed
  EXPECT_FALSE(id.warnings.empty());
  // The warning names the player as written, not in the form names are compared in.
  id = tournament::identify_players({{"Smith, John", "1"}, {"Smith, John", "2"}});
  ASSERT_EQ(id.warnings.size(), 1u);
  EXPECT_EQ(id.warnings[0], "the name \"Smith, John\" has 2 FideIds: ranked as 2 players");
}

}  // namespace
}  // namespace chesstool
