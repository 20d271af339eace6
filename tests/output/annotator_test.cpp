// SPDX-License-Identifier: MIT
// Tests for annotate's core: claim and end comments per ply, Result/Termination, languages, idempotence.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "output/annotation_texts.hpp"
#include "output/annotator.hpp"
#include "pgn/game.hpp"
#include "pgn/replay.hpp"
#include "pgn/game_splitter.hpp"
#include "output/pgn_writer.hpp"
#include "support/check_text.hpp"
#include "support/paths.hpp"

namespace chesstool {
namespace {

using chesstool::Termination;
using output::Lang;
using output::TextId;

pgn::RawGame raw(std::string text) {
  pgn::RawGame g;
  g.text = std::move(text);
  g.index = 1;
  g.line = 1;
  return g;
}

pgn::Game annotator_build(const std::string& text) {
  pgn::Replayed b = pgn::build_game(raw(text));
  EXPECT_TRUE(b.ok()) << text << "\n" << (b.error() ? b.error()->message : "");
  return std::move(b.game);
}

std::string annotator_text(TextId id, Lang lang = Lang::En) { return std::string(output::annotation_text(id, lang)); }

// Annotates PGN text the way the annotate command does and returns the PGN written.
std::string annotate(const std::string& pgn_text, Lang lang = Lang::En, output::AnnotateNotes* notes = nullptr) {
  pgn::Game game = annotator_build(pgn_text);
  output::AnnotateOptions options;
  options.lang = lang;
  output::AnnotateNotes n = output::annotate_game(game, output::adjudicate(game), options);
  if (notes) *notes = n;
  std::string out;
  output::write_pgn(game, out);
  return out;
}

// The written PGN as one line: comments are wrapped over several lines by the writer.
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s;
}

std::size_t annotator_count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

const std::string kAnnotatorDance8 = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";
const std::string kAnnotatorDance16 = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 *";
const std::string kLoyd =
    "[Result \"*\"]\n\n1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 "
    "8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 *";

// The worked example: the start position occurs a third time after 8 half-moves.
TEST(Annotate, KnightsDanceThreefoldIsClaimableAtPly8) {
  pgn::Game game = annotator_build(kAnnotatorDance8);
  output::Adjudication adj = output::adjudicate(game);
  ASSERT_TRUE(adj.threefold_ply);
  EXPECT_EQ(*adj.threefold_ply, 8);
  EXPECT_FALSE(adj.end.is_over());
  output::annotate_game(game, adj);
  // Black made the 8th half-move: Black could have claimed by declaring it, White may now.
  EXPECT_EQ(game.moves[7].comment_after, annotator_text(TextId::ThreefoldAfterBlack));
  for (std::size_t i = 0; i < 7; ++i) EXPECT_EQ(game.moves[i].comment_after, "") << i;
  // A claim does not end the game: Result and Termination stay as they were.
  EXPECT_EQ(game.result, "*");
  EXPECT_EQ(game.tag("Termination"), nullptr);
}

TEST(Annotate, KnightsDanceFivefoldEndsAtPly16) {
  pgn::Game game = annotator_build(kAnnotatorDance16);
  output::Adjudication adj = output::adjudicate(game);
  EXPECT_EQ(adj.end.termination, Termination::FivefoldRepetition);
  EXPECT_EQ(adj.end_ply, 16);
  output::annotate_game(game, adj);
  EXPECT_EQ(game.moves[7].comment_after, annotator_text(TextId::ThreefoldAfterBlack));
  EXPECT_EQ(game.moves[15].comment_after, annotator_text(TextId::Fivefold));
  ASSERT_NE(game.tag("Result"), nullptr);
  EXPECT_EQ(*game.tag("Result"), "1/2-1/2");
  EXPECT_EQ(game.result, "1/2-1/2");
  ASSERT_NE(game.tag("Termination"), nullptr);
  EXPECT_EQ(*game.tag("Termination"), "fivefold repetition");
}

TEST(Annotate, MovesAfterTheAutomaticEndAreNoted) {
  pgn::Game game = annotator_build(kAnnotatorDance16.substr(0, kAnnotatorDance16.size() - 1) + "9. e4 *");
  output::annotate_game(game, output::adjudicate(game));
  EXPECT_EQ(game.moves[15].comment_after, annotator_text(TextId::Fivefold) + " " + annotator_text(TextId::MovesAfterEnd));
  EXPECT_EQ(game.moves[16].comment_after, "");
  EXPECT_EQ(game.result, "1/2-1/2");
}

TEST(Annotate, ClaimAppendsToTheExistingComment) {
  pgn::Game game = annotator_build("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 {back home} $1 *");
  output::annotate_game(game, output::adjudicate(game));
  EXPECT_EQ(game.moves[7].comment_after, "back home. " + annotator_text(TextId::ThreefoldAfterBlack));
  EXPECT_EQ(game.moves[7].nags(), std::vector<int>{1});
}

// FIDE 9.6.2: 75 moves each end the game, unless the move completing them mates.
TEST(Annotate, MateOnTheSeventyFifthMoveStands) {
  const std::string fen = "[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 149 100\"]\n[Result \"*\"]\n\n";
  pgn::Game game = annotator_build(fen + "100. Ra8 *");
  output::Adjudication adj = output::adjudicate(game);
  EXPECT_EQ(adj.end.termination, Termination::Checkmate);
  EXPECT_TRUE(adj.mate_at_seventyfive);
  output::annotate_game(game, adj);
  EXPECT_EQ(game.moves[0].comment_after,
            annotator_text(TextId::CheckmateWhiteWins) + " " + annotator_text(TextId::MateBeatsSeventyFive));
  EXPECT_EQ(*game.tag("Result"), "1-0");
  EXPECT_EQ(*game.tag("Termination"), "checkmate");
  // The writer corrects the check sign to mate.
  std::string out;
  output::write_pgn(game, out);
  EXPECT_NE(out.find("100. Ra8# "), std::string::npos) << out;

  pgn::Game drawn = annotator_build(fen + "100. Ra7 Kg8 *");
  output::Adjudication d = output::adjudicate(drawn);
  EXPECT_EQ(d.end.termination, Termination::SeventyFiveMoves);
  EXPECT_EQ(d.end_ply, 1);
  output::annotate_game(drawn, d);
  EXPECT_EQ(drawn.moves[0].comment_after, annotator_text(TextId::SeventyFive) + " " + annotator_text(TextId::MovesAfterEnd));
  EXPECT_EQ(*drawn.tag("Result"), "1/2-1/2");
  EXPECT_EQ(*drawn.tag("Termination"), "75-move rule");
}

TEST(Annotate, SetUpPastSeventyFiveMovesEndsBeforeTheFirstMove) {
  // The start position's clock is 150: the game was drawn before Ra8 (FIDE 9.6.2), whose
  // mate comes after the end. The comment goes before the first move, as for a dead start.
  const std::string fen = "[SetUp \"1\"]\n[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 150 100\"]\n[Result \"1-0\"]\n\n";
  pgn::Game game = annotator_build(fen + "100. Ra8 1-0");
  output::Adjudication adj = output::adjudicate(game);
  EXPECT_EQ(adj.end.termination, Termination::SeventyFiveMoves);
  EXPECT_EQ(adj.end_ply, 0);
  EXPECT_FALSE(adj.mate_at_seventyfive);
  const output::AnnotateNotes notes = output::annotate_game(game, adj);
  // Ra8 was played after the end: said with the end, before it.
  EXPECT_EQ(game.moves[0].comment_before(),
            std::string(annotator_text(TextId::SeventyFive)) + " " + std::string(annotator_text(TextId::MovesAfterStartEnd)));
  EXPECT_EQ(game.moves[0].comment_after, "");
  EXPECT_EQ(*game.tag("Result"), "1/2-1/2");
  EXPECT_EQ(*game.tag("Termination"), "75-move rule");
  ASSERT_TRUE(notes.replaced_result);
  EXPECT_EQ(*notes.replaced_result, "1-0");

  // Without a move, the game that ended before it gets its tags and comment too.
  pgn::Game no_moves = annotator_build(fen + "*");
  output::Adjudication none = output::adjudicate(no_moves);
  EXPECT_EQ(none.end.termination, Termination::SeventyFiveMoves);
  output::annotate_game(no_moves, none);
  EXPECT_EQ(*no_moves.tag("Termination"), "75-move rule");
  EXPECT_EQ(no_moves.comment, annotator_text(TextId::SeventyFive));
}

TEST(Annotate, FiftyMoveClaimNamesBothPlayers) {
  pgn::Game game = annotator_build("[SetUp \"1\"]\n[FEN \"7k/8/8/8/8/8/8/R6K w - - 98 60\"]\n\n60. Kg2 Kg8 61. Kf3 *");
  output::Adjudication adj = output::adjudicate(game);
  ASSERT_TRUE(adj.fifty_ply);
  EXPECT_EQ(*adj.fifty_ply, 2);
  output::annotate_game(game, adj);
  EXPECT_EQ(game.moves[1].comment_after, annotator_text(TextId::FiftyAfterBlack));
  EXPECT_EQ(game.moves[0].comment_after, "");
  EXPECT_EQ(game.tag("Termination"), nullptr);
}

TEST(Annotate, NoFiftyCommentWhenTheStartAlreadyAllowedTheClaim) {
  pgn::Game game = annotator_build("[SetUp \"1\"]\n[FEN \"7k/8/8/8/8/8/8/R6K w - - 120 60\"]\n\n60. Kg2 Kg8 *");
  output::Adjudication adj = output::adjudicate(game);
  ASSERT_TRUE(adj.fifty_ply);
  EXPECT_EQ(*adj.fifty_ply, 0);  // the start position's clock allowed it
  output::annotate_game(game, adj);
  EXPECT_EQ(game.moves[0].comment_after, "");
}

TEST(Annotate, StalemateFillsResultAndTermination) {
  output::AnnotateNotes notes;
  std::string out = one_line(annotate(kLoyd, Lang::En, &notes));
  EXPECT_NE(out.find("[Result \"1/2-1/2\"]"), std::string::npos) << out;
  EXPECT_NE(out.find("[Termination \"stalemate\"]"), std::string::npos) << out;
  EXPECT_NE(out.find("10. Qe6 {" + annotator_text(TextId::Stalemate) + "} 1/2-1/2"), std::string::npos) << out;
  EXPECT_FALSE(notes.replaced_result);  // "*" is filled in, not contradicted
}

TEST(Annotate, ContradictedResultIsReplacedAndReported) {
  std::string loyd = kLoyd;
  loyd.replace(loyd.find("[Result \"*\"]"), 12, "[Result \"1-0\"]");
  output::AnnotateNotes notes;
  std::string out = annotate(loyd, Lang::En, &notes);
  ASSERT_TRUE(notes.replaced_result);
  EXPECT_EQ(*notes.replaced_result, "1-0");
  EXPECT_NE(out.find("[Result \"1/2-1/2\"]"), std::string::npos);
}

TEST(Annotate, ResignedGameKeepsItsResultAndGetsNoTermination) {
  const std::string pgn_text = "[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Morphy} 0-1";
  pgn::Game game = annotator_build(pgn_text);
  output::annotate_game(game, output::adjudicate(game));
  EXPECT_EQ(*game.tag("Result"), "0-1");
  EXPECT_EQ(game.result, "0-1");
  EXPECT_EQ(game.tag("Termination"), nullptr);
  EXPECT_EQ(game.moves[5].comment_after, "Morphy");

  // A Termination the players' side wrote (resignation, time) is left alone.
  pgn::Game timed = annotator_build("[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1. e4 e5 1-0");
  output::annotate_game(timed, output::adjudicate(timed));
  EXPECT_EQ(*timed.tag("Termination"), "time forfeit");
  EXPECT_EQ(*timed.tag("Result"), "1-0");
}

TEST(Annotate, WinOnTimeByAPlayerWhoCannotMateIsADraw) {
  // FIDE 6.9: Black's time ran out, but White has a bare king: 1/2-1/2, said after the
  // last move, the Termination kept (the game did end on time).
  const std::string bare = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/3p4/8/4K3 w - - 0 1\"]\n";
  output::AnnotateNotes notes;
  const std::string out = annotate("[Result \"1-0\"]\n" + bare + "[Termination \"time forfeit\"]\n\n1. Kd2 1-0", Lang::En, &notes);
  ASSERT_TRUE(notes.replaced_result);
  EXPECT_EQ(*notes.replaced_result, "1-0");
  EXPECT_EQ(notes.cannot_win_on_time, White);
  EXPECT_NE(out.find("[Result \"1/2-1/2\"]"), std::string::npos) << out;
  EXPECT_NE(out.find("[Termination \"time forfeit\"]"), std::string::npos) << out;
  EXPECT_NE(one_line(out).find("1. Kd2 {" + annotator_text(TextId::TimeDrawWhiteCannotMate) + "} 1/2-1/2"), std::string::npos)
      << out;
  // Annotated again: the draw is recorded, the comment written again, nothing replaced.
  output::AnnotateNotes again;
  EXPECT_EQ(annotate(out, Lang::En, &again), out);
  EXPECT_FALSE(again.replaced_result);
  EXPECT_EQ(again.cannot_win_on_time, White);
  // FICS says it in the last comment instead of a Termination tag.
  const std::string fics = annotate(bare + "\n1. Kd2 {Black forfeits on time} 1-0");
  EXPECT_NE(fics.find("[Result \"1/2-1/2\"]"), std::string::npos) << fics;
  // A player who can mate keeps the win; a game not lost on time keeps its result.
  output::AnnotateNotes stands;
  EXPECT_NE(annotate(bare + "[Termination \"time forfeit\"]\n\n1. Kd2 0-1", Lang::En, &stands).find("[Result \"0-1\"]"),
            std::string::npos);
  EXPECT_FALSE(stands.cannot_win_on_time);
  EXPECT_NE(annotate(bare + "\n1. Kd2 1-0").find("[Result \"1-0\"]"), std::string::npos);
}

TEST(Annotate, AnAnnotationAfterAUsersCommentStartsASentence) {
  // Found by QA: "{White forfeits on time White ran out of time, ...}", the FIDE 6.9
  // sentence glued to FICS's comment. A comment that does not end a sentence (nor with a
  // command such as [%clk]) gets a period before the annotation; annotating again, in
  // either language, changes nothing.
  const std::string bare = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/3p4/8/4K3 w - - 0 1\"]\n";
  for (Lang lang : {Lang::En, Lang::Ar}) {
    const std::string text = annotator_text(TextId::TimeDrawWhiteCannotMate, lang);
    const std::string out = annotate(bare + "\n1. Kd2 {Black forfeits on time} 1-0", lang);
    EXPECT_NE(one_line(out).find("{Black forfeits on time. " + text + "}"), std::string::npos) << out;
    EXPECT_EQ(annotate(out, lang), out);
    EXPECT_EQ(annotate(annotate(out, lang == Lang::En ? Lang::Ar : Lang::En), lang), out);
    // Without moves, in the game comment.
    const std::string moveless = annotate(bare + "\n{Black forfeits on time} 1-0", lang);
    EXPECT_NE(one_line(moveless).find("{Black forfeits on time. " + text + "}"), std::string::npos) << moveless;
    EXPECT_EQ(annotate(moveless, lang), moveless);
    for (const char* ended : {"Black forfeits on time.", "Flag fell!", "[%clk 0:00:00]", "lost on time (as the arbiter said)."}) {
      const std::string kept = annotate(bare + "[Termination \"time forfeit\"]\n\n1. Kd2 {" + ended + "} 1-0", lang);
      EXPECT_NE(one_line(kept).find(std::string("{") + ended + " " + text + "}"), std::string::npos) << kept;
    }
  }
}

// Found by QA: "“Good.”. Checkmate ...", "’tis so.’.", "«bien.».", a period after the Arabic
// semicolon and full stop, and none after "see [1]" (any ']' taken for a command's). The
// ends are looked for before closing quotes and brackets in UTF-8 too; a ']' is a
// command's only when it closes "[%...]". Annotating again, or in the other language and
// back, changes nothing.
TEST(Annotate, SentenceEndsAreFoundBeforeAnyClosingQuote) {
  const std::string fools_mate = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# {";
  const char* ended[] = {"\u201CGood.\u201D", "\u2019tis so.\u2019", "\u00ABbien.\u00BB", "\u201EGut.\u201C",
                         "\u2039oui!\u203A", "\u300C\u826F\u3044\u3002\u300D", "(\u300E\u826F\u3044\uFF01\u300F\uFF09)",
                         "\u0644\u0639\u0628 \u062C\u064A\u062F\u061B", "\u0644\u0639\u0628 \u062C\u064A\u062F\u06D4",
                         "\"Why?\" ", "see [1]: ", "[%clk 0:00:00]", "([%clk 0:00:00])", "see [1] [%eval #-1]"};
  const char* open[] = {"see [1]", "[%clk 0:00:00] see [1]", "\u201CGood\u201D", "[1]", "a [%clk] b]", "\u060C"};
  for (Lang lang : {Lang::En, Lang::Ar}) {
    const std::string text = annotator_text(TextId::CheckmateBlackWins, lang);
    for (const char* c : ended) {
      std::string user = c;
      user.erase(user.find_last_not_of(' ') + 1);  // as the writer prints it
      const std::string out = annotate(fools_mate + c + "} 0-1", lang);
      EXPECT_NE(one_line(out).find("{" + user + " " + text + "}"), std::string::npos) << c << "\n" << out;
      EXPECT_EQ(annotate(out, lang), out) << c;
      EXPECT_EQ(annotate(annotate(out, lang == Lang::En ? Lang::Ar : Lang::En), lang), out) << c;
    }
    for (const char* c : open) {
      const std::string out = annotate(fools_mate + c + "} 0-1", lang);
      const std::string expected = std::string("{").append(c).append(". ").append(text).append("}");
      EXPECT_NE(one_line(out).find(expected), std::string::npos) << c << "\n" << out;
      EXPECT_EQ(annotate(out, lang), out) << c;
      EXPECT_EQ(annotate(annotate(out, lang == Lang::En ? Lang::Ar : Lang::En), lang), out) << c;
    }
  }
}

TEST(Annotate, CheckmateReplacesAnUnspecificTermination) {
  pgn::Game game =
      annotator_build("[Result \"*\"]\n[Termination \"Normal\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 {the point} *");
  output::annotate_game(game, output::adjudicate(game));
  EXPECT_EQ(*game.tag("Termination"), "checkmate");
  EXPECT_EQ(*game.tag("Result"), "1-0");
  EXPECT_EQ(game.moves[6].comment_after, "the point. " + annotator_text(TextId::CheckmateWhiteWins));
}

TEST(Annotate, DeadPositionAtTheStartGoesBeforeTheFirstMove) {
  pgn::Game game = annotator_build("[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. Kb1 *");
  output::Adjudication adj = output::adjudicate(game);
  EXPECT_EQ(adj.end.termination, Termination::InsufficientMaterial);
  EXPECT_EQ(adj.end_ply, 0);
  output::annotate_game(game, adj);
  EXPECT_EQ(game.moves[0].comment_before(),
            std::string(annotator_text(TextId::DeadPosition)) + " " + std::string(annotator_text(TextId::MovesAfterStartEnd)));
  EXPECT_EQ(game.moves[0].comment_after, "");
  EXPECT_EQ(*game.tag("Termination"), "insufficient material");

  pgn::Game empty = annotator_build("[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n*");
  output::annotate_game(empty, output::adjudicate(empty));
  EXPECT_EQ(empty.comment, annotator_text(TextId::DeadPosition));
}

TEST(Annotate, ArabicTextsAreWritten) {
  std::string out = one_line(annotate(kAnnotatorDance16, Lang::Ar));
  EXPECT_NE(out.find(annotator_text(TextId::ThreefoldAfterBlack, Lang::Ar)), std::string::npos) << out;
  EXPECT_NE(out.find(annotator_text(TextId::Fivefold, Lang::Ar)), std::string::npos) << out;
  EXPECT_NE(out.find("تكرار الوضع"), std::string::npos);
  EXPECT_EQ(out.find("Threefold"), std::string::npos);
  // Tag values stay English (PGN convention).
  EXPECT_NE(out.find("[Termination \"fivefold repetition\"]"), std::string::npos);
}

// The annotated PGN reads back as a valid game with the same moves.
TEST(Annotate, OutputReadsBackWithTheSameMoves) {
  for (const std::string& source : {kAnnotatorDance16, kLoyd, std::string("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *")}) {
    for (Lang lang : {Lang::En, Lang::Ar}) {
      pgn::Game before = annotator_build(source);
      std::string out = annotate(source, lang);
      pgn::Game after = annotator_build(out);
      ASSERT_EQ(after.moves.size(), before.moves.size()) << out;
      for (std::size_t i = 0; i < before.moves.size(); ++i) EXPECT_EQ(after.moves[i].move, before.moves[i].move) << i;
      std::vector<pgn::GameReport> reports = testing::check_text(out, /*strict=*/true);
      ASSERT_EQ(reports.size(), 1u);
      EXPECT_TRUE(reports[0].valid) << out;
      EXPECT_TRUE(reports[0].errors.empty()) << out;
      EXPECT_TRUE(reports[0].warnings.empty()) << out;  // the result now agrees with the position
    }
  }
}

// Annotating annotated output changes nothing: the earlier comments are recognised (whole
// table texts, in any language, compared with whitespace collapsed) and replaced.
TEST(Annotate, RunningTwiceDoesNotDuplicate) {
  const std::string source = "[Result \"*\"]\n\n" + kAnnotatorDance16.substr(0, kAnnotatorDance16.size() - 1) + "9. e4 {played on} *";
  for (Lang lang : {Lang::En, Lang::Ar}) {
    std::string once = annotate(source, lang);
    std::string twice = annotate(once, lang);
    EXPECT_EQ(once, twice);
    EXPECT_EQ(annotator_count(one_line(twice), annotator_text(TextId::Fivefold, lang)), 1u);
  }
  // Another language replaces the earlier comments instead of adding to them.
  std::string ar = annotate(annotate(source, Lang::En), Lang::Ar);
  EXPECT_EQ(ar, annotate(source, Lang::Ar));
}

TEST(Annotate, StripKeepsTheUsersText) {
  const std::string t = annotator_text(TextId::Stalemate);
  std::string c = "before  " + t + "\n after";
  output::strip_annotations(c);
  EXPECT_EQ(c, "before after");
  c = t;
  output::strip_annotations(c);
  EXPECT_EQ(c, "");
  // Only whole texts: a quotation glued to other words is the user's.
  c = "x" + t;
  output::strip_annotations(c);
  EXPECT_EQ(c, "x" + t);
  c = "nothing of ours\nhere";
  output::strip_annotations(c);
  EXPECT_EQ(c, "nothing of ours\nhere");
  // Every text alone is removed, the shortest included (the length test lets it through).
  std::size_t shortest = std::string::npos;
  for (Lang lang : {Lang::En, Lang::Ar})
    for (std::size_t id = 0; id < output::kTextCount; ++id) {
      if (TextId(id) == TextId::InvalidGame) continue;
      c = annotator_text(TextId(id), lang);
      shortest = std::min(shortest, c.size());
      output::strip_annotations(c);
      EXPECT_EQ(c, "") << id;
    }
  EXPECT_EQ(output::shortest_annotation_text(), shortest);
}

TEST(Annotate, TestdataGamesAllReplay) {
  std::vector<pgn::GameReport> reports = testing::check_file(testing::testdata_path("annotate/endings.pgn"));
  ASSERT_EQ(reports.size(), 7u);
  for (const auto& r : reports) EXPECT_TRUE(r.valid) << r.index;
}

// annotate takes the adjudication from the replay that read the game; it must be the one
// adjudicate() computes from the game's moves: the testdata games (every kind of end),
// and the corpus archives when they are there.
TEST(Annotate, ReplayAdjudicationIsTheMainlineOne) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(testing::testdata_path("")))
    if (e.is_regular_file() && e.path().extension() == ".pgn") files.push_back(e.path().string());
  if (testing::corpus_available())
    for (const auto& e : std::filesystem::recursive_directory_iterator(testing::corpus_path("archives")))
      if (e.is_regular_file() && e.path().extension() == ".pgn") files.push_back(e.path().string());
  std::size_t games = 0, ended = 0, claims = 0;
  for (const std::string& file : files) {
    io::ByteSource src(file);
    pgn::GameSplitter splitter(src);
    pgn::RawGame r;
    while (splitter.next(r)) {
      pgn::ReplayOptions options;
      options.keep = pgn::Keep::Tree;
      pgn::Replayer replayer(options, &r);
      pgn::parse_game(r, replayer);
      const pgn::GameReport report = replayer.take_report();
      if (!report.valid) continue;
      const pgn::Game game = replayer.take_game();
      const output::Adjudication got = output::adjudication_of(replayer.game_end(), report, report.tag("Termination"));
      const output::Adjudication want = output::adjudicate(game);
      const std::string where = file + " game " + std::to_string(r.index);
      ASSERT_EQ(got.plies, want.plies) << where;
      ASSERT_EQ(got.threefold_ply, want.threefold_ply) << where;
      ASSERT_EQ(got.fifty_ply, want.fifty_ply) << where;
      ASSERT_EQ(got.end.termination, want.end.termination) << where;
      ASSERT_EQ(got.end.winner, want.end.winner) << where;
      ASSERT_EQ(got.end_ply, want.end_ply) << where;
      ASSERT_EQ(got.mate_at_seventyfive, want.mate_at_seventyfive) << where;
      for (Color c : {White, Black}) ASSERT_EQ(got.cannot_win_on_time[c], want.cannot_win_on_time[c]) << where;
      ++games;
      ended += want.end.is_over() ? 1 : 0;
      claims += want.threefold_ply || want.fifty_ply ? 1 : 0;
    }
  }
  EXPECT_GT(games, 250u);  // 295 in testdata alone
  EXPECT_GT(ended, 40u);
  EXPECT_GT(claims, 40u);
}

// The loss on time read from the game's text (validate, annotate) is the one read from the
// Game annotate writes (pgn/game_end.hpp): the same comments, in the same groups.
TEST(Annotate, LostOnTimeReadFromTheTextIsReadFromTheGame) {
  const std::string head = "[Result \"0-1\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2Q w - - 0 1\"]\n\n";
  const std::vector<std::string> movetexts = {
      "{White forfeits on\ntime} 0-1", "{White forfeits on} ; time\n0-1", "{x}\n%White flagged\n0-1",
      "1. Kd1 Kd8 {White forfeits on}\n{time} 0-1", "1. Kd1 Kd8 (1... Ke7 {flag fell}) 0-1",
      "1. Kd1 Kd8 (1... Ke7) {flag fell} 0-1", "1. Kd1 Kd8 {flag} (1... Ke7) {fell} 0-1",
      "1. Kd1 Kd8 ( {White flagged} ) 0-1", "1. Kd1 Kd8 (1... Ke7) {White} ( {ran out} ) {of time} 0-1",
      "1. Kd1 Kd8 (1... Ke7) {White ran} ( {out of time} ) (1... Kf7) 0-1",
      "1. Kd1 Kd8 {not} {lost on time} 0-1", "1. Kd1 {flag fell} Kd8 $4 {x} 0-1"};
  for (const std::string& movetext : movetexts) {
    const pgn::RawGame r = raw(head + movetext + "\n");
    pgn::ReplayOptions options;
    options.keep = pgn::Keep::Tree;
    pgn::Replayer replayer(options, &r);
    pgn::parse_game(r, replayer);
    const pgn::GameReport report = replayer.take_report();
    ASSERT_TRUE(report.valid) << movetext;
    const pgn::Game game = replayer.take_game();
    const bool from_text = replayer.game_end().lost_on_time(nullptr);
    const output::Adjudication want = output::adjudicate(game);
    EXPECT_EQ(from_text, want.cannot_win_on_time[Black]) << movetext;  // Black has a bare king
    // Annotated, written and read back: the same again.
    pgn::Game annotated = annotator_build(r.text);
    output::annotate_game(annotated, output::adjudicate(annotated));
    std::string out;
    output::write_pgn(annotated, out);
    EXPECT_EQ(output::adjudicate(annotator_build(out)).cannot_win_on_time[Black], from_text) << out;
  }
}

// No annotation text reads as a loss on time, except the FIDE 6.9 sentence itself in
// English ("White ran out of time"), only ever written after one.
TEST(Annotate, AnnotationTextsDoNotSayLostOnTime) {
  for (std::size_t id = 0; id < output::kTextCount; ++id)
    for (std::size_t lang = 0; lang < output::kLangCount; ++lang) {
      const std::string_view t = output::annotation_text(TextId(id), Lang(lang));
      const bool time_draw = TextId(id) == TextId::TimeDrawWhiteCannotMate || TextId(id) == TextId::TimeDrawBlackCannotMate;
      EXPECT_EQ(pgn::says_lost_on_time(t), time_draw && Lang(lang) == Lang::En) << t;
    }
}

// Every replayable corpus game: annotating is idempotent, and the moves survive it.
TEST(Annotate, CorpusIsIdempotent) {
  if (!testing::corpus_available()) GTEST_SKIP() << "corpus not found";
  std::size_t games = 0, ended = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(testing::corpus_path("archives"))) {
    if (!e.is_regular_file() || e.path().extension() != ".pgn") continue;
    io::ByteSource src(e.path().string());
    pgn::GameSplitter splitter(src);
    pgn::RawGame r;
    while (splitter.next(r)) {
      pgn::Replayed b = pgn::build_game(r);
      if (!b.ok()) continue;
      const std::size_t plies = b.game.moves.size();
      const output::Adjudication adj = output::adjudicate(b.game);
      if (adj.end.is_over()) ++ended;
      output::annotate_game(b.game, adj, {Lang(games % output::kLangCount)});
      std::string once;
      output::write_pgn(b.game, once);
      pgn::Replayed again = pgn::build_game(raw(once));
      ASSERT_TRUE(again.ok()) << once;
      ASSERT_EQ(again.game.moves.size(), plies);
      output::annotate_game(again.game, output::adjudicate(again.game), {Lang(games % output::kLangCount)});
      std::string twice;
      output::write_pgn(again.game, twice);
      ASSERT_EQ(once, twice) << e.path() << " game " << r.index;
      ++games;
    }
  }
  EXPECT_GT(games, 1000u);
  EXPECT_GT(ended, 0u);
}

}  // namespace
}  // namespace chesstool
