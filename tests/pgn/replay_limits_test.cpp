// SPDX-License-Identifier: MIT
// What one game can make the replayer hold: problems past kMaxListedProblems are counted,
// not listed; variations deeper than kMaxVariationDepth are not checked; variations that
// cannot be checked (born dead) nest at no cost and behave as before.
#include <gtest/gtest.h>

#include <string>

#include "pgn/replay.hpp"
#include "support/check_text.hpp"

using chesstool::pgn::GameReport;
using chesstool::pgn::kMaxListedProblems;
using chesstool::pgn::kMaxVariationDepth;
using chesstool::pgn::Severity;
using chesstool::testing::check_text;

namespace {

GameReport one_game(const std::string& text) {
  auto games = check_text(text);
  EXPECT_EQ(games.size(), 1u) << text.substr(0, 200);
  return games.empty() ? GameReport{} : games.front();
}

std::string repeated(const std::string& piece, std::size_t times) {
  std::string out;
  out.reserve(piece.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += piece;
  return out;
}

std::size_t count_code(const GameReport& g, const std::string& code) {
  std::size_t n = 0;
  for (const auto& d : g.errors) n += d.code == code;
  for (const auto& d : g.warnings) n += d.code == code;
  return n;
}

}  // namespace

TEST(ReplayLimits, ProblemsPastTheLimitAreCountedInOneDiagnostic) {
  constexpr std::size_t kExtra = 500;
  const GameReport g = one_game("[Result \"*\"]\n\n1. e4 " + repeated(") ", kMaxListedProblems + kExtra) + "*\n");
  EXPECT_FALSE(g.valid);
  ASSERT_EQ(g.errors.size(), kMaxListedProblems + 1);
  EXPECT_EQ(count_code(g, "unbalanced-variation"), kMaxListedProblems);
  const auto& last = g.errors.back();
  EXPECT_EQ(last.code, "too-many-problems");
  EXPECT_EQ(last.severity, Severity::Error);
  EXPECT_EQ(last.message, "500 more problems not listed (500 errors, 0 warnings): only the first " +
                              std::to_string(kMaxListedProblems) + " of a game are");
  // At the first problem not listed: the first ')' past the limit, two bytes apart from column 7 on.
  EXPECT_EQ(last.line, 3u);
  EXPECT_EQ(last.column, 7u + 2 * kMaxListedProblems);
  EXPECT_EQ(g.unlisted_errors, kExtra);
  EXPECT_EQ(g.error_count(), kMaxListedProblems + kExtra);
  EXPECT_EQ(g.warning_count(), 0u);
  EXPECT_EQ(g.plies, 1);
}

TEST(ReplayLimits, UpToTheLimitEveryProblemIsListed) {
  const GameReport g = one_game("[Result \"*\"]\n\n1. e4 " + repeated(") ", kMaxListedProblems) + "*\n");
  EXPECT_EQ(g.errors.size(), kMaxListedProblems);
  EXPECT_EQ(count_code(g, "too-many-problems"), 0u);
  EXPECT_EQ(g.error_count(), kMaxListedProblems);
}

TEST(ReplayLimits, OnlyWarningsUnlistedMakeAWarningAndTheGameStaysValid) {
  // Every repeated tag is a duplicate-tag warning.
  const std::size_t tags = kMaxListedProblems + 11;
  const GameReport g = one_game(repeated("[Site \"x\"]\n", tags) + "[Result \"*\"]\n\n1. e4 *\n");
  EXPECT_TRUE(g.valid);
  EXPECT_TRUE(g.errors.empty());
  ASSERT_EQ(g.warnings.size(), kMaxListedProblems + 1);
  EXPECT_EQ(g.warnings.back().code, "too-many-problems");
  EXPECT_EQ(g.warnings.back().severity, Severity::Warning);
  EXPECT_EQ(g.unlisted_warnings, tags - 1 - kMaxListedProblems);
  EXPECT_EQ(g.warning_count(), tags - 1);
  EXPECT_EQ(g.error_count(), 0u);
  EXPECT_EQ(g.plies, 1);
}

TEST(ReplayLimits, AnErrorPastTheLimitMakesTheGameInvalidAndTheSummaryAnError) {
  // kMaxListedProblems duplicate-tag warnings fill the list; the illegal move after them
  // is not listed but still counts.
  const GameReport g = one_game(repeated("[Site \"x\"]\n", kMaxListedProblems + 1) + "[Result \"*\"]\n\n1. e5 *\n");
  EXPECT_FALSE(g.valid);
  ASSERT_EQ(g.errors.size(), 1u);
  EXPECT_EQ(g.errors[0].code, "too-many-problems");
  EXPECT_EQ(g.errors[0].message, "1 more problem not listed (1 error, 0 warnings): only the first " +
                                     std::to_string(kMaxListedProblems) + " of a game are");
  EXPECT_EQ(g.errors[0].line, kMaxListedProblems + 4);  // the move's line
  EXPECT_EQ(g.error_count(), 1u);
  EXPECT_EQ(g.warning_count(), kMaxListedProblems);
}

TEST(ReplayLimits, VariationsNestedToTheLimitAreReplayed) {
  std::string text = "[Result \"*\"]\n\n1. e4 " + repeated("(1. d4 ", kMaxVariationDepth) + "Nf6" +
                     std::string(kMaxVariationDepth, ')') + " e5 2. Qh5 *\n";
  const GameReport g = one_game(text);
  EXPECT_TRUE(g.valid) << (g.errors.empty() ? "" : g.errors.front().code);
  EXPECT_EQ(g.plies, 3);
  // The innermost variation is checked: an illegal move there is found.
  text.replace(text.find("Nf6"), 3, "Nf5");
  const GameReport bad = one_game(text);
  ASSERT_EQ(bad.errors.size(), 1u);
  EXPECT_EQ(bad.errors[0].code, "illegal-move");
}

TEST(ReplayLimits, AVariationDeeperThanTheLimitIsReportedOnceAndNotChecked) {
  const std::size_t depth = kMaxVariationDepth + 3;
  // Two too-deep branches, and an illegal move (Nf5) inside the too-deep part.
  const std::string nest = repeated("(1. d4 ", depth) + "Nf5" + std::string(depth, ')');
  const GameReport g = one_game("[Result \"*\"]\n\n1. e4 " + nest + " " + nest + " e5 2. Qh5 *\n");
  EXPECT_FALSE(g.valid);
  ASSERT_EQ(g.errors.size(), 1u);
  EXPECT_EQ(g.errors[0].code, "variation-too-deep");
  EXPECT_EQ(g.errors[0].column, 7u + 7 * kMaxVariationDepth);  // the first '(' too deep
  EXPECT_EQ(g.errors[0].ply, 1);
  // The mainline goes on after it: the variations aside, it replayed.
  EXPECT_EQ(g.plies, 3);
}

TEST(ReplayLimits, VariationsInsideADeadOneAreNeitherCheckedNorHeld) {
  // The first '(' follows no move of its line; everything inside it is dead, however deep
  // (a million levels would once have held a million lines of two positions each).
  const std::size_t depth = 4 * kMaxVariationDepth;
  const GameReport g = one_game("[Result \"*\"]\n\n1. e4 (" + repeated("( Qxh8 ", depth) + std::string(depth, ')') +
                                ") e5 *\n");
  ASSERT_EQ(g.errors.size(), 1u);
  EXPECT_EQ(g.errors[0].code, "variation-without-move");
  EXPECT_EQ(g.plies, 2);
  // A dead variation right inside a live one that has no move yet.
  const GameReport after = one_game("[Result \"*\"]\n\n1. e4 (( e4 )) {x} e5 *\n");
  ASSERT_EQ(after.errors.size(), 1u);
  EXPECT_EQ(after.errors[0].code, "variation-without-move");
  EXPECT_EQ(after.plies, 2);
}

TEST(ReplayLimits, AnAlternativeToAFailedMoveIsStillChecked) {
  // "Ke2??" fails, the variation after it replays from where it was tried: its own illegal
  // move is found, and a variation inside a failed line's alternative too.
  const GameReport g = one_game("[Result \"*\"]\n\n1. e4 e5 2. Ke3 (2. Nf3 Nc6 (2... Qh4 3. Nxh4)) *\n");
  ASSERT_EQ(g.errors.size(), 1u);
  EXPECT_EQ(g.errors[0].code, "illegal-move");
  const GameReport bad = one_game("[Result \"*\"]\n\n1. e4 e5 2. Ke3 (2. Nf3 Nc6 (2... Qh4 3. Qh6)) *\n");
  ASSERT_EQ(bad.errors.size(), 2u);
  EXPECT_EQ(bad.errors[1].token, "Qh6");
}

TEST(ReplayLimits, AmongManyTagsTheFirstOfEachNameCounts) {
  // The replayer keeps the first tag of each name; past kScannedTagNames names it finds
  // them in a hash set, with the same answers.
  std::string text;
  for (int i = 0; i < 60; ++i) text += "[T" + std::to_string(i) + " \"v" + std::to_string(i) + "\"]\n";
  text += "[T0 \"again\"]\n[T45 \"again\"]\n[t5 \"x\"]\n[Result \"*\"]\n\n1. e4 *\n";
  const GameReport g = one_game(text);
  ASSERT_EQ(g.tags.size(), 62u);  // T0..T59, t5, Result
  EXPECT_EQ(g.tags[0].second, "v0");
  EXPECT_EQ(g.tags[45].second, "v45");
  EXPECT_EQ(g.tags[60].first, "t5");
  EXPECT_EQ(count_code(g, "duplicate-tag"), 2u);
  ASSERT_NE(g.tag("T45"), nullptr);
  EXPECT_EQ(*g.tag("T45"), "v45");
}
