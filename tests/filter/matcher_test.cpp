// SPDX-License-Identifier: MIT
// The matcher: every criterion on small games, the mainline-only rule for positions, and
// the replay that stops once the answer is known.
#include "filter/matcher.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/fen.hpp"
#include "support/raw_game.hpp"

namespace chesstool::filter {
namespace {

std::string fen_game(const std::string& fen, const std::string& moves, const std::string& result = "*") {
  return "[Result \"" + result + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + moves + " " + result + "\n";
}
std::string matcher_game(const std::string& moves, const std::string& result = "*", const std::string& extra = "") {
  return "[Event \"t\"]\n" + extra + "[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n";
}

Verdict judge(const Criteria& c, const std::string& text) {
  Matcher m(c);
  return m.judge(testing::raw_game(text));
}
bool selects(const Criteria& c, const std::string& text) { return judge(c, text).selected; }

Position position_of(const std::string& fen) {
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen;
  return r.position;
}

Criteria ends(const char* name) {
  Criteria c;
  for (const Ending& e : ending_table())
    if (e.name == name) c.ends.push_back(e);
  EXPECT_EQ(c.ends.size(), 1u) << name;
  return c;
}

const std::string kMate = matcher_game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#", "1-0");
const std::string kStalemate = fen_game("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", "1. Qf7", "1/2-1/2");
const std::string kResigned = matcher_game("1. e4 e5", "0-1");
const std::string kUnfinished = matcher_game("1. e4");
const std::string kDance8 = matcher_game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8", "1/2-1/2");
const std::string kDance16 =
    matcher_game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8", "1/2-1/2");
const std::string kBareKings = fen_game("8/8/4k3/8/8/8/3nK3/8 w - - 0 1", "1. Kxd2", "1/2-1/2");
const std::string kSeventyFive = fen_game("8/8/4k3/8/8/8/3RK3/8 w - - 149 80", "80. Rd3", "1/2-1/2");
const std::string kFifty = fen_game("8/8/4k3/8/8/8/3RK3/8 w - - 99 80", "80. Rd3", "1/2-1/2");

TEST(Matcher, TagCriteriaNeedNoReplay) {
  Criteria c;
  WhereError e;
  c.where.push_back(*Where::parse("WhiteElo >= 2500", e));
  EXPECT_TRUE(c.tags_only());
  Verdict v = judge(c, matcher_game("1. e4 e5", "*", "[WhiteElo \"2600\"]\n"));
  EXPECT_TRUE(v.selected);
  EXPECT_FALSE(v.replayed);
  EXPECT_FALSE(v.valid.has_value());
  // Not even an illegal move is looked at.
  EXPECT_TRUE(selects(c, matcher_game("1. e4 e5 2. Ke3", "*", "[WhiteElo \"2600\"]\n")));
  EXPECT_FALSE(selects(c, matcher_game("1. e4", "*", "[WhiteElo \"2400\"]\n")));
  EXPECT_FALSE(selects(c, matcher_game("1. e4")));  // missing tag
  c.invert = true;
  EXPECT_TRUE(selects(c, matcher_game("1. e4")));
  EXPECT_FALSE(judge(c, matcher_game("1. e4")).met);
}

TEST(Matcher, EndsOnTheBoard) {
  EXPECT_TRUE(selects(ends("checkmate"), kMate));
  EXPECT_FALSE(selects(ends("checkmate"), kStalemate));
  EXPECT_TRUE(selects(ends("stalemate"), kStalemate));
  EXPECT_FALSE(selects(ends("stalemate"), kMate));
  EXPECT_TRUE(selects(ends("decided-on-board"), kMate));
  EXPECT_TRUE(selects(ends("decided-on-board"), kStalemate));
  EXPECT_FALSE(selects(ends("decided-on-board"), kResigned));
  EXPECT_TRUE(selects(ends("insufficient-material"), kBareKings));
  EXPECT_TRUE(selects(ends("seventyfive"), kSeventyFive));
  EXPECT_FALSE(selects(ends("fifty-claimable"), kSeventyFive));  // over, so nothing to claim
  EXPECT_TRUE(selects(ends("fifty-claimable"), kFifty));
  EXPECT_FALSE(selects(ends("seventyfive"), kFifty));
  EXPECT_TRUE(selects(ends("fivefold"), kDance16));
  EXPECT_FALSE(selects(ends("fivefold"), kDance8));
  EXPECT_TRUE(selects(ends("threefold-claimable"), kDance8));
  EXPECT_FALSE(selects(ends("threefold-claimable"), kDance16));
  EXPECT_FALSE(selects(ends("threefold-claimable"), kMate));
}

TEST(Matcher, EndsByResult) {
  EXPECT_TRUE(selects(ends("resigned"), kResigned));
  EXPECT_FALSE(selects(ends("resigned"), kMate));  // decided on the board
  EXPECT_FALSE(selects(ends("resigned"), kUnfinished));
  EXPECT_TRUE(selects(ends("unfinished"), kUnfinished));
  EXPECT_FALSE(selects(ends("unfinished"), kResigned));
  // Any of several values.
  Criteria c = ends("checkmate");
  c.ends.push_back(ends("resigned").ends.front());
  EXPECT_TRUE(selects(c, kMate));
  EXPECT_TRUE(selects(c, kResigned));
  EXPECT_FALSE(selects(c, kStalemate));
  // A broken game has no known end.
  EXPECT_FALSE(selects(ends("resigned"), matcher_game("1. e4 e5 2. Ke3", "0-1")));
}

TEST(Matcher, HasKindsOfMove) {
  auto has = [](MoveKind k) {
    Criteria c;
    c.has.push_back(k);
    return c;
  };
  const std::string under = fen_game("8/P6k/8/8/8/8/8/K7 w - - 0 1", "1. a8=N");
  const std::string queen = fen_game("8/P6k/8/8/8/8/8/K7 w - - 0 1", "1. a8=Q");
  const std::string ep = matcher_game("1. e4 a6 2. e5 d5 3. exd6");
  const std::string castle = matcher_game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O");
  const std::string null_var = matcher_game("1. e4 (1. -- e5) 1... e5");
  EXPECT_TRUE(selects(has(MoveKind::Underpromotion), under));
  EXPECT_FALSE(selects(has(MoveKind::Underpromotion), queen));
  EXPECT_TRUE(selects(has(MoveKind::Promotion), under));
  EXPECT_TRUE(selects(has(MoveKind::Promotion), queen));
  EXPECT_FALSE(selects(has(MoveKind::Promotion), ep));
  EXPECT_TRUE(selects(has(MoveKind::EnPassant), ep));
  EXPECT_FALSE(selects(has(MoveKind::EnPassant), castle));
  EXPECT_TRUE(selects(has(MoveKind::Castling), castle));
  EXPECT_FALSE(selects(has(MoveKind::Castling), ep));
  EXPECT_TRUE(selects(has(MoveKind::NullMove), null_var));
  EXPECT_FALSE(selects(has(MoveKind::NullMove), castle));
  // Castling in a variation only does not count: moves are the mainline's.
  EXPECT_FALSE(selects(has(MoveKind::Castling), matcher_game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 (4. O-O)")));
}

TEST(Matcher, ReachesCountsTheMainlineOnly) {
  Criteria c;
  c.reaches.push_back(position_of("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"));
  Verdict v = judge(c, matcher_game("1. e4 e5 2. Nf3 Nc6"));
  EXPECT_TRUE(v.selected);
  EXPECT_EQ(v.ply, 3);
  // By transposition, whatever the move counters say.
  v = judge(c, matcher_game("1. Nf3 e5 2. e4"));
  EXPECT_TRUE(v.selected);
  EXPECT_EQ(v.ply, 3);
  // Only in a variation: not reached.
  EXPECT_FALSE(selects(c, matcher_game("1. e4 e5 2. d4 (2. Nf3 Nc6) 2... exd4")));
  // --at-ply limits where it counts.
  c.at_ply = Range{4, 10};
  EXPECT_FALSE(selects(c, matcher_game("1. e4 e5 2. Nf3 Nc6")));
  c.at_ply = Range{0, 3};
  EXPECT_TRUE(selects(c, matcher_game("1. e4 e5 2. Nf3 Nc6")));
}

TEST(Matcher, ReachesUsesTheRepetitionIdentity) {
  // After 1. e4 the FEN says e3, but no capture is possible there: same position as "-".
  Criteria c;
  c.reaches.push_back(position_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
  EXPECT_TRUE(selects(c, matcher_game("1. e4 e5")));
  // Castling rights count: the same placement without them is another position.
  Criteria lost;
  lost.reaches.push_back(position_of("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w kq - 0 1"));
  EXPECT_FALSE(selects(lost, matcher_game("1. e4 e5")));
  EXPECT_TRUE(selects(lost, matcher_game("1. e4 e5 2. Ke2 Nc6 3. Ke1 Nb8")));
  // Any of several positions.
  c.reaches.push_back(position_of(kStartFen));
  EXPECT_EQ(judge(c, matcher_game("1. d4")).ply, 0);
}

TEST(Matcher, ReachesKeepsLookingPastTargetsOutOfReach) {
  // Targets out of reach stay so for the rest of the game, and the search goes on from the
  // first one that is not: the one after them must still be found, and the game given up
  // only once every one is out of reach.
  Criteria c;
  c.reaches.push_back(position_of("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"));    // 1... e5 with e2 home
  c.reaches.push_back(position_of("rnbqkbnr/pppppp1p/8/6p1/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"));  // 1. d4 g5
  c.reaches.push_back(position_of("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));  // 1. e4 d5
  // After 1. e4 the first two are out of reach (both have White's e-pawn on e2); the third
  // comes at ply 2.
  Verdict v = judge(c, matcher_game("1. e4 d5 2. exd5"));
  EXPECT_TRUE(v.selected);
  EXPECT_EQ(v.ply, 2);
  EXPECT_FALSE(selects(c, matcher_game("1. e4 e5 2. d4 d5")));  // all three out of reach
  EXPECT_TRUE(selects(c, matcher_game("1. d4 g5")));           // the second, the first out of reach
}

TEST(Matcher, MaterialAnywhereOrAtTheEnd) {
  std::string e;
  const std::string g = fen_game("8/8/4k3/8/2r5/8/2NPK3/3R4 b - - 0 1", "1... Rxc2 2. Kd3 Rc8 3. Rh1");
  Criteria c;
  c.material = parse_material("KRP:KR", e);
  Verdict v = judge(c, g);
  EXPECT_TRUE(v.selected);
  EXPECT_EQ(v.ply, 1);
  c.material = parse_material("KR:KRP", e);
  EXPECT_FALSE(selects(c, g));
  c.either_colour = true;
  EXPECT_TRUE(selects(c, g));
  c.either_colour = false;
  c.material = parse_material("KRNP:KR", e);
  EXPECT_TRUE(selects(c, g));  // the start position
  c.final_material = true;
  EXPECT_FALSE(selects(c, g));
  c.material = parse_material("KRP:KR", e);
  EXPECT_TRUE(selects(c, g));
}

TEST(Matcher, ReplayStopsWhenTheAnswerIsKnown) {
  Criteria c;
  c.reaches.push_back(position_of("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"));
  // The illegal move after the match is never reached: validity stays unknown.
  Verdict v = judge(c, matcher_game("1. e4 e5 2. Nf3 Nc6 3. Ke3"));
  EXPECT_TRUE(v.selected);
  EXPECT_FALSE(v.valid.has_value());
  // Without the match the whole mainline is replayed and the error found.
  v = judge(c, matcher_game("1. e4 e5 2. Nc3 Nc6 3. Ke3"));
  EXPECT_FALSE(v.selected);
  EXPECT_EQ(v.valid, false);
  // Past the last ply of --at-ply the answer is no: the error is not reached either.
  c.at_ply = Range{0, 1};
  v = judge(c, matcher_game("1. e4 e5 2. Nf3 Nc6 3. Ke3"));
  EXPECT_FALSE(v.selected);
  EXPECT_FALSE(v.valid.has_value());
  // A position that can no longer come: 1. d4 moved a pawn the target has on d2.
  Criteria najdorf;
  najdorf.reaches.push_back(position_of("rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"));
  v = judge(najdorf, matcher_game("1. d4 d5 2. c4 e6 3. Ke3"));
  EXPECT_FALSE(v.selected);
  EXPECT_FALSE(v.valid.has_value());
  // Nor after a castling right is lost, even with every pawn at home.
  Criteria start;
  start.reaches.push_back(position_of(kStartFen));
  start.at_ply = Range{1, 100};
  v = judge(start, matcher_game("1. Nf3 Nf6 2. Rg1 Ng8 3. Rh1 Nf6 4. Ng1 Ng8 5. Ke3"));
  EXPECT_FALSE(v.selected);
  EXPECT_FALSE(v.valid.has_value());
  EXPECT_TRUE(selects(start, matcher_game("1. Nf3 Nf6 2. Ng1 Ng8")));
  // Material never comes back: once a side has fewer pieces, the answer is no.
  Criteria m;
  std::string e;
  m.material = parse_material("KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPP", e);  // Black a pawn down
  v = judge(m, matcher_game("1. e4 d5 2. exd5 Qxd5 3. Ke3"));
  EXPECT_TRUE(v.selected);  // after 2. exd5
  EXPECT_EQ(v.ply, 3);
  EXPECT_FALSE(v.valid.has_value());
}

TEST(Matcher, PliesCountTheMainline) {
  Criteria c;
  c.plies = Range{7, 7};
  EXPECT_TRUE(selects(c, kMate));
  EXPECT_FALSE(selects(c, kResigned));
  EXPECT_FALSE(selects(c, matcher_game("1. e4 e5 (1... c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4) 2. Nf3")));
  c.plies = Range{0, 2};
  EXPECT_TRUE(selects(c, matcher_game("1. e4 e5 (1... c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4) 2. Nf3")) == false);
  EXPECT_TRUE(selects(c, kResigned));
  EXPECT_FALSE(judge(c, kResigned).replayed);
}

TEST(Matcher, Validity) {
  Criteria valid;
  valid.validity = Validity::Valid;
  Criteria invalid;
  invalid.validity = Validity::Invalid;
  const std::string broken = matcher_game("1. e4 e5 2. Ke3");
  const std::string broken_variation = matcher_game("1. e4 e5 (1... Ke7 2. Ke3) 2. Nf3");
  EXPECT_TRUE(selects(valid, kMate));
  EXPECT_FALSE(selects(invalid, kMate));
  EXPECT_FALSE(selects(valid, broken));
  EXPECT_TRUE(selects(invalid, broken));
  // As validate judges: a variation counts too.
  EXPECT_TRUE(selects(invalid, broken_variation));
  // With other move criteria too.
  invalid.has.push_back(MoveKind::Castling);
  EXPECT_FALSE(selects(invalid, broken));
  EXPECT_TRUE(selects(invalid, matcher_game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Ke3")));
}

TEST(Matcher, VariantAndTimeControlClass) {
  Criteria c;
  c.variants = {"chess960"};
  EXPECT_TRUE(selects(c, matcher_game("1. e4", "*", "[Variant \"Chess960\"]\n")));
  EXPECT_FALSE(selects(c, matcher_game("1. e4")));
  c.variants = {"standard"};
  EXPECT_TRUE(selects(c, matcher_game("1. e4")));
  EXPECT_FALSE(selects(c, matcher_game("1. e4", "*", "[Variant \"Crazyhouse\"]\n")));
  Criteria t;
  t.tc_classes = {"blitz"};
  t.tc_class_of = [](std::optional<std::string_view> v) { return std::string(v && *v == "180+2" ? "blitz" : "unknown"); };
  EXPECT_TRUE(selects(t, matcher_game("1. e4", "*", "[TimeControl \"180+2\"]\n")));
  EXPECT_FALSE(selects(t, matcher_game("1. e4", "*", "[TimeControl \"5400+30\"]\n")));
}

TEST(Matcher, CarriesTheSplitTagValue) {
  Criteria c;
  Matcher m(c, "Event");
  EXPECT_EQ(m.judge(testing::raw_game(matcher_game("1. e4"))).split_value, "t");
  Matcher none(c, "Site");
  EXPECT_FALSE(none.judge(testing::raw_game(matcher_game("1. e4"))).split_value.has_value());
}

TEST(Matcher, AKeptGameIsReplayedOnceAndARejectedOneIsNotKept) {
  Criteria c;
  c.has.push_back(MoveKind::Castling);
  Matcher m(c);
  const std::string castles = matcher_game("1. e4 {a} e5 (1... c5) 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6");
  Verdict v = m.judge(testing::raw_game(castles), pgn::Keep::Tree);
  EXPECT_TRUE(v.selected);
  EXPECT_TRUE(v.kept);
  ASSERT_TRUE(v.game.has_value());
  ASSERT_EQ(v.game->moves.size(), 8u);  // the whole game, past the castling that decided it
  EXPECT_EQ(v.game->moves[0].comment_after, "a");
  EXPECT_EQ(v.game->moves[1].variations().size(), 1u);
  EXPECT_EQ(v.valid, true);

  // After 1. e4 the position after 1. d4 cannot come any more: not kept.
  const Position after_d4 = position_of("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
  Criteria r;
  r.reaches.push_back(after_d4);
  Matcher reach(r);
  Verdict no = reach.judge(testing::raw_game(matcher_game("1. e4 e5 2. Nf3")), pgn::Keep::Tree);
  EXPECT_FALSE(no.selected);
  EXPECT_FALSE(no.game.has_value());
  // Selected, but broken after the answer was known: nothing to convert.
  Verdict broken = m.judge(testing::raw_game(matcher_game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Ke3")), pgn::Keep::Tree);
  EXPECT_TRUE(broken.selected);
  EXPECT_FALSE(broken.game.has_value());
  EXPECT_EQ(broken.valid, false);
  // Selected by tags alone (here: inverted movetext criteria): replayed for the caller.
  Criteria inv;
  inv.reaches.push_back(after_d4);
  inv.invert = true;
  Verdict kept = Matcher(inv).judge(testing::raw_game(matcher_game("1. e4 e5 2. Nf3")), pgn::Keep::Mainline);
  EXPECT_TRUE(kept.selected);
  ASSERT_TRUE(kept.game.has_value());
  EXPECT_EQ(kept.game->mainline.size(), 3u);
  EXPECT_TRUE(kept.game->moves.empty());  // Keep::Mainline keeps no tree
}

TEST(Matcher, OpeningCriteriaClassifyTheMovesNotTheTags) {
  Criteria c;
  std::string e;
  c.eco = parse_eco_range("C50..C59", e);
  Matcher m(c);
  // The Italian Game by its usual order and by a transposition; a tag that lies is ignored.
  EXPECT_TRUE(selects(c, matcher_game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5")));
  EXPECT_TRUE(selects(c, matcher_game("1. Nf3 Nc6 2. e4 e5 3. Bc4 Bc5")));
  EXPECT_FALSE(selects(c, matcher_game("1. d4 d5 2. c4", "*", "[ECO \"C50\"]\n")));
  EXPECT_FALSE(selects(c, matcher_game("")));  // no moves: no opening
  // A game from a set-up position is not classified.
  EXPECT_FALSE(selects(c, fen_game("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "4. O-O")));

  Criteria named;
  named.opening = "^Queen's Gambit";
  EXPECT_TRUE(selects(named, matcher_game("1. d4 d5 2. c4 e6")));
  EXPECT_FALSE(selects(named, matcher_game("1. e4 e5")));
  // Both must hold.
  Criteria both;
  both.eco = parse_eco_range("D", e);
  both.opening = "Italian";
  EXPECT_FALSE(selects(both, matcher_game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5")));
  EXPECT_FALSE(selects(both, matcher_game("1. d4 d5 2. c4")));
}

TEST(Matcher, OpeningCriteriaStopTheReplayPastTheTable) {
  Criteria c;
  std::string e;
  c.eco = parse_eco_range("C50", e);
  // Broken long after the table's deepest ply: the answer was known, the error not seen.
  std::string moves = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5";
  for (int i = 0; i < 10; ++i)
    moves.append(" ").append(std::to_string(4 + 2 * i)).append(". Ng1 Nf6 ").append(std::to_string(5 + 2 * i)).append(". Nf3 Ng8");
  Verdict v = judge(c, matcher_game(moves + " 24. Ke5"));
  EXPECT_TRUE(v.selected);
  EXPECT_FALSE(v.valid.has_value());
}

}  // namespace
}  // namespace chesstool::filter
