// SPDX-License-Identifier: MIT
// Tests for pgn/start_position: the FEN, SetUp and Variant tags (PGN standard 9.7) and the
// notes about them, with the tag each note points at.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/fen.hpp"
#include "pgn/start_position.hpp"

namespace chesstool::pgn {
namespace {

using Tags = std::vector<std::pair<std::string, std::string>>;

std::vector<std::string> codes(const StartPosition& s) {
  std::vector<std::string> out;
  for (const StartNote& n : s.notes) out.push_back(n.code);
  return out;
}

Position start_from_fen(const std::string& fen) {
  FenResult r = parse_fen(fen);
  EXPECT_TRUE(r.ok()) << fen;
  return r.position;
}

// After 1. e4 c5: a position the standard one cannot be mistaken for.
const std::string kSicilian = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
// A Chess960 start (position 518 is the standard one; this is another): king b1 between
// rooks a1 and c1 cannot arise in standard chess with castling rights.
const std::string kStart960 = "rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w KQkq - 0 1";

TEST(StartPosition, NoTagsIsTheStandardPosition) {
  const StartPosition s = resolve_start_position({{"Event", "x"}, {"White", "A"}});
  EXPECT_TRUE(s.ok);
  EXPECT_FALSE(s.chess960);
  EXPECT_TRUE(s.notes.empty());
  EXPECT_TRUE(s.position == Position::startpos());
  EXPECT_EQ(to_fen(s.position), kStartFen);
}

TEST(StartPosition, FenWithSetUpIsUsedWithoutNotes) {
  const StartPosition s = resolve_start_position({{"SetUp", "1"}, {"FEN", kSicilian}});
  EXPECT_TRUE(s.ok);
  EXPECT_TRUE(s.notes.empty());
  EXPECT_TRUE(s.position == start_from_fen(kSicilian));
  EXPECT_FALSE(s.chess960);
}

TEST(StartPosition, FenWithoutSetUpIsAStrictOnlyWarning) {
  // 9.7.1: SetUp "1" must accompany a FEN tag; the position is still the FEN's.
  for (const Tags& tags : {Tags{{"FEN", kSicilian}}, Tags{{"SetUp", "0"}, {"FEN", kSicilian}}}) {
    const StartPosition s = resolve_start_position(tags);
    EXPECT_TRUE(s.ok);
    ASSERT_EQ(codes(s), std::vector<std::string>{"fen-without-setup"});
    EXPECT_TRUE(s.notes[0].strict_only);
    EXPECT_EQ(s.notes[0].severity, Severity::Warning);
    EXPECT_TRUE(s.position == start_from_fen(kSicilian));
  }
}

TEST(StartPosition, SetUpWithoutFenFallsBackToTheStandardPosition) {
  const StartPosition s = resolve_start_position({{"SetUp", "1"}});
  EXPECT_TRUE(s.ok);
  ASSERT_EQ(codes(s), std::vector<std::string>{"setup-without-fen"});
  EXPECT_FALSE(s.notes[0].strict_only);  // the game may well not start where it says
  EXPECT_EQ(s.notes[0].severity, Severity::Warning);
  EXPECT_TRUE(s.position == Position::startpos());
}

TEST(StartPosition, FenTagInOtherLetterCaseIsReadWithAStrictNote) {
  // Tag names are case-sensitive (PGN 8.1.1); "fen" is read as FEN, noted under --strict.
  const StartPosition s = resolve_start_position({{"SetUp", "1"}, {"fen", kSicilian}});
  EXPECT_TRUE(s.ok);
  ASSERT_EQ(codes(s), std::vector<std::string>{"tag-name-case"});
  EXPECT_TRUE(s.notes[0].strict_only);
  EXPECT_EQ(s.notes[0].token, "fen");
  EXPECT_TRUE(s.position == start_from_fen(kSicilian));
  // A correctly spelled FEN wins over one in another case, wherever it stands.
  const StartPosition both = resolve_start_position({{"SetUp", "1"}, {"Fen", kStartFen}, {"FEN", kSicilian}});
  EXPECT_TRUE(both.notes.empty());
  EXPECT_TRUE(both.position == start_from_fen(kSicilian));
}

TEST(StartPosition, VariantTagInOtherLetterCaseIsReadLikeFen) {
  // As for FEN: the PGN writer writes [variant] as [Variant], so the reader must read it so.
  const StartPosition s = resolve_start_position({{"variant", "chess960"}});
  EXPECT_TRUE(s.chess960);
  ASSERT_EQ(codes(s), (std::vector<std::string>{"tag-name-case", "chess960-without-fen"}));
  EXPECT_TRUE(s.notes[0].strict_only);
  EXPECT_EQ(s.notes[0].token, "variant");
  EXPECT_EQ(s.notes[0].tag, "Variant");
  const StartPosition both = resolve_start_position({{"variant", "chess960"}, {"Variant", "Standard"}});
  EXPECT_FALSE(both.chess960);
  EXPECT_TRUE(both.notes.empty());
}

TEST(StartPosition, FirstFenTagCounts) {
  const StartPosition s = resolve_start_position({{"SetUp", "1"}, {"FEN", kSicilian}, {"FEN", kStartFen}});
  EXPECT_TRUE(s.position == start_from_fen(kSicilian));
}

TEST(StartPosition, InvalidFenIsAnErrorAtTheFenTag) {
  // The side-to-move field is "w" or "b" (PGN 16.1.3.2); the reason names the field.
  const std::string bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
  for (const char* name : {"FEN", "fen"}) {
    const StartPosition s = resolve_start_position({{"SetUp", "1"}, {name, bad}});
    EXPECT_FALSE(s.ok) << name;
    ASSERT_FALSE(s.notes.empty());
    const StartNote& n = s.notes.back();
    EXPECT_EQ(n.code, "invalid-fen");
    EXPECT_EQ(n.severity, Severity::Error);
    EXPECT_FALSE(n.strict_only);
    EXPECT_EQ(n.token, bad);
    // The replayer places the note on the FEN tag's line whatever its letter case
    // (replay.cpp matches "FEN" against the tag it saw first in any case).
    EXPECT_EQ(n.tag, "FEN");
    EXPECT_NE(n.message.find("side to move"), std::string::npos) << n.message;
  }
}

TEST(StartPosition, ImpossiblePlacementsAreInvalidFens) {
  // FIDE 3.7/3.9 and the PGN standard: each side has exactly one king, no pawn stands on
  // the first or last rank, and the side not to move is not in check.
  for (const char* fen : {"8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K2K w - - 0 1",
                          "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1" /* e1 rook checks e8, white to move */}) {
    const StartPosition s = resolve_start_position({{"SetUp", "1"}, {"FEN", fen}});
    EXPECT_FALSE(s.ok) << fen;
    ASSERT_EQ(codes(s), std::vector<std::string>{"invalid-fen"}) << fen;
  }
}

TEST(StartPosition, Chess960WithFen) {
  for (const char* variant : {"Chess960", "chess 960", "Fischerandom", "FischerRandom", "960", "chess-960", "freestyle"}) {
    const StartPosition s = resolve_start_position({{"Variant", variant}, {"SetUp", "1"}, {"FEN", kStart960}});
    EXPECT_TRUE(s.ok) << variant;
    EXPECT_TRUE(s.chess960) << variant;
    EXPECT_TRUE(s.position.is_chess960()) << variant;
    EXPECT_TRUE(s.notes.empty()) << variant;
  }
}

TEST(StartPosition, FenThatOnlyChess960AllowsImpliesIt) {
  // Castling rights with the king on b1 exist only in Chess960, Variant tag or not.
  const StartPosition s = resolve_start_position({{"SetUp", "1"}, {"FEN", kStart960}});
  EXPECT_TRUE(s.ok);
  EXPECT_TRUE(s.chess960);
  EXPECT_TRUE(s.position.is_chess960());
}

TEST(StartPosition, Chess960VariantMarksAStandardLookingFen) {
  // Position 518 of Chess960 is the standard array; castling then follows 960 rules.
  const StartPosition s = resolve_start_position({{"Variant", "Chess960"}, {"SetUp", "1"}, {"FEN", kStartFen}});
  EXPECT_TRUE(s.ok);
  EXPECT_TRUE(s.chess960);
  EXPECT_TRUE(s.position.is_chess960());
  EXPECT_FALSE(resolve_start_position({{"SetUp", "1"}, {"FEN", kStartFen}}).position.is_chess960());
}

TEST(StartPosition, Chess960WithoutFenIsUnknownStartWarning) {
  const StartPosition s = resolve_start_position({{"Variant", "Chess960"}});
  EXPECT_TRUE(s.ok);
  EXPECT_TRUE(s.chess960);
  ASSERT_EQ(codes(s), std::vector<std::string>{"chess960-without-fen"});
  EXPECT_EQ(s.notes[0].token, "Chess960");
  EXPECT_FALSE(s.notes[0].strict_only);
  EXPECT_EQ(to_fen(s.position), to_fen(Position::startpos()));
}

TEST(StartPosition, StandardVariantSpellingsAreAccepted) {
  for (const char* variant : {"Standard", "standard", "From Position", "from_position", "Normal", "Chess", "Classical", ""}) {
    const StartPosition s = resolve_start_position({{"Variant", variant}});
    EXPECT_TRUE(s.ok) << variant;
    EXPECT_FALSE(s.chess960) << variant;
    EXPECT_TRUE(s.notes.empty()) << variant;
  }
}

TEST(StartPosition, OtherVariantsAreUnsupportedAtTheVariantTag) {
  for (const char* variant : {"Crazyhouse", "atomic", "King of the Hill", "Three-check", "Chess 961", "Chess960 Crazyhouse"}) {
    const StartPosition s = resolve_start_position({{"Variant", variant}, {"SetUp", "1"}, {"FEN", kSicilian}});
    EXPECT_FALSE(s.ok) << variant;
    ASSERT_EQ(codes(s), std::vector<std::string>{"unsupported-variant"}) << variant;
    EXPECT_EQ(s.notes[0].severity, Severity::Error);
    EXPECT_EQ(s.notes[0].token, variant);
    EXPECT_EQ(s.notes[0].tag, "Variant");
    EXPECT_NE(s.notes[0].message.find(variant), std::string::npos);
  }
}

}  // namespace
}  // namespace chesstool::pgn
