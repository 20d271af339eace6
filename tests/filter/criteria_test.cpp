// SPDX-License-Identifier: MIT
// The criteria's value parsers and the --ends and --has tables.
#include "filter/criteria.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/fen.hpp"

namespace chesstool::filter {
namespace {

TEST(Criteria, ParsesRanges) {
  std::string e;
  auto r = parse_range("10..20", e);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->min, 10);
  EXPECT_EQ(r->max, 20);
  EXPECT_TRUE(r->contains(10) && r->contains(20) && !r->contains(9) && !r->contains(21));
  r = parse_range("40..", e);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->contains(1000000) && !r->contains(39));
  r = parse_range("..5", e);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->contains(0) && !r->contains(6));
  r = parse_range("7", e);
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->contains(7) && !r->contains(8) && !r->contains(6));
  for (const char* bad : {"", "..", "a..b", "-1..3", "-0..3", "..-0", "+2", "3..1", "1...3", "1..2..3", "x"})
    EXPECT_FALSE(parse_range(bad, e)) << bad;
  EXPECT_EQ(e, "'x' is not N, N..M, N.. or ..M (N, M whole numbers)");
  parse_range("3..1", e);
  EXPECT_EQ(e, "'3..1' is an empty range (its start is above its end)");
}

TEST(Criteria, ParsesEcoRanges) {
  std::string e;
  auto one = parse_eco_range("C50", e);
  ASSERT_TRUE(one);
  EXPECT_TRUE(one->contains("C50"));
  EXPECT_FALSE(one->contains("C51") || one->contains("C49"));
  auto volume = parse_eco_range("B", e);
  ASSERT_TRUE(volume);
  EXPECT_EQ(volume->from, "B00");
  EXPECT_EQ(volume->to, "B99");
  auto span = parse_eco_range("A..B19", e);
  ASSERT_TRUE(span);
  EXPECT_TRUE(span->contains("A00") && span->contains("B19"));
  EXPECT_FALSE(span->contains("B20"));
  auto open = parse_eco_range("D..", e);
  ASSERT_TRUE(open);
  EXPECT_TRUE(open->contains("D00") && open->contains("E99"));
  EXPECT_FALSE(open->contains("C99"));
  for (const char* bad : {"", "..", "F00", "C5", "C500", "c50", "B..A", "C50..C4"}) {
    e.clear();
    EXPECT_FALSE(parse_eco_range(bad, e)) << bad;
    EXPECT_FALSE(e.empty()) << bad;
  }
}

TEST(Criteria, EndingsComeFromTheTerminationTable) {
  std::vector<std::string> names = ending_names();
  for (const TerminationName& t : kTerminationNames) {
    if (t.termination == Termination::None) continue;
    bool found = std::any_of(ending_table().begin(), ending_table().end(),
                             [&](const Ending& e) { return e.kind == EndingKind::Terminated && e.termination == t.termination; });
    EXPECT_TRUE(found) << t.json;
  }
  for (const char* n : {"checkmate", "stalemate", "insufficient-material", "fivefold", "seventyfive",
                        "threefold-claimable", "fifty-claimable", "decided-on-board", "resigned", "unfinished"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  for (const auto& n : names) EXPECT_EQ(n.find('_'), std::string::npos) << n;
}

TEST(Criteria, ParsesMaterialSignatures) {
  std::string e;
  auto m = parse_material("KRP:KR", e);
  ASSERT_TRUE(m) << e;
  EXPECT_EQ(m->counts[White][Rook], 1);
  EXPECT_EQ(m->counts[White][Pawn], 1);
  EXPECT_EQ(m->counts[Black][Rook], 1);
  EXPECT_EQ(m->total(White), 2);
  EXPECT_EQ(m->total(Black), 1);
  EXPECT_EQ(to_string(*m), "KRP:KR");
  auto implied = parse_material("rp:r", e);  // K implied, any case
  ASSERT_TRUE(implied);
  EXPECT_EQ(*implied, *m);
  auto bare = parse_material("K:", e);
  ASSERT_TRUE(bare);
  EXPECT_EQ(to_string(*bare), "K:K");
  EXPECT_FALSE(parse_material("KRP", e));
  EXPECT_FALSE(parse_material("KKR:K", e));
  EXPECT_EQ(e, "'KKR:K' gives White two kings");
  EXPECT_FALSE(parse_material("KX:K", e));
  EXPECT_EQ(e, "'KX:K': 'X' is not one of K, Q, R, B, N, P");
  EXPECT_FALSE(parse_material("KPPPPPPPPP:K", e));
  EXPECT_EQ(e, "'KPPPPPPPPP:K' gives White 9 pawns (a side has 8 at most)");
  EXPECT_FALSE(parse_material("K:K:K", e));
}

// Pieces beyond the starting set (a second queen; a third rook, bishop or knight) come
// from promotions, one missing pawn each: a signature no game can reach is an error, as
// nine pawns are.
TEST(Criteria, MaterialBeyondTheStartingSetNeedsMissingPawns) {
  std::string e;
  EXPECT_FALSE(parse_material("QQQQQQQQQQ:K", e));
  EXPECT_EQ(e,
            "'QQQQQQQQQQ:K' gives White more pieces beyond the starting set of 1 queen and 2 rooks, bishops and "
            "knights (9) than pawns missing to have promoted to them (8)");
  EXPECT_TRUE(parse_material("KQQQQQQQQQ:K", e)) << e;        // 8 promoted, no pawn left
  EXPECT_TRUE(parse_material("KQQRRRBBBNNNPPPP:K", e)) << e;  // 4 promoted, 4 pawns: 16 pieces
  EXPECT_FALSE(parse_material("KQQRRRBBBNNNPPPPP:K", e));     // 4 promoted, 5 pawns
  EXPECT_FALSE(parse_material("K:KRRRPPPPPPPP", e));
  EXPECT_EQ(e.substr(0, 28), "'K:KRRRPPPPPPPP' gives Black");
  EXPECT_TRUE(parse_material("K:KBBBBBBBBBB", e)) << e;  // ten bishops: eight promoted
  EXPECT_TRUE(parse_material("KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP", e)) << e;  // the start
}

TEST(Criteria, MaterialOfAPosition) {
  FenResult r = parse_fen("8/8/4k3/8/2r5/8/3PK3/3R4 w - - 0 1");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(to_string(material_of(r.position)), "KRP:KR");
  EXPECT_EQ(to_string(material_of(Position::startpos())), "KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP");
}

}  // namespace
}  // namespace chesstool::filter
