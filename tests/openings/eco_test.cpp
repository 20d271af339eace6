// SPDX-License-Identifier: MIT
// Tests for openings/eco: the compiled-in table against the TSV it was made from,
// transpositions, the depth limit, and the tag helpers.
#include "openings/eco.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/san.hpp"
#include "pgn/replay.hpp"
#include "support/paths.hpp"
#include "support/raw_game.hpp"

namespace chesstool {
namespace {

struct TsvLine {
  std::string file, eco, name;
  int line = 0;
  std::vector<Move> moves;
  Key key = 0;
};

// Replays "1. e4 e5 2. Nf3" from the start; the moves played, empty on failure.
std::vector<Move> eco_play(const std::string& text, Key* key = nullptr) {
  Position pos = Position::startpos();
  std::vector<Move> moves;
  std::istringstream in(text);
  std::string tok;
  while (in >> tok) {
    if (tok.back() == '.') continue;
    Position after;
    SanResolution r = resolve_san(pos, tok, &after);
    if (!r.ok()) return {};
    moves.push_back(r.move);
    pos = after;
  }
  if (key) *key = pos.key();
  return moves;
}

std::vector<TsvLine> read_table() {
  std::vector<TsvLine> lines;
  for (const char* f : {"a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"}) {
    std::ifstream in(testing::testdata_path(std::string("../data/eco/") + f));
    std::string text;
    int n = 0;
    while (std::getline(in, text)) {
      if (++n == 1) continue;
      const auto t1 = text.find('\t'), t2 = text.find('\t', t1 + 1);
      TsvLine l{f, text.substr(0, t1), text.substr(t1 + 1, t2 - t1 - 1), n, {}, 0};
      l.moves = eco_play(text.substr(t2 + 1), &l.key);
      lines.push_back(std::move(l));
    }
  }
  return lines;
}

TEST(Eco, EveryTsvLineClassifiesAsItsOwnNameOrOneSharingItsPosition) {
  const std::vector<TsvLine> lines = read_table();
  ASSERT_EQ(lines.size(), 3807u);  // a.tsv .. e.tsv as copied (data/eco/README.md)
  EXPECT_EQ(openings::line_count(), lines.size());
  std::multimap<Key, const TsvLine*> by_key;
  for (const auto& l : lines) by_key.emplace(l.key, &l);
  EXPECT_EQ(openings::position_count(), [&] {
    std::size_t distinct = 0;
    for (auto it = by_key.begin(); it != by_key.end(); it = by_key.upper_bound(it->first)) ++distinct;
    return distinct;
  }());
  std::size_t own_name = 0;
  for (const auto& l : lines) {
    SCOPED_TRACE(l.file + ":" + std::to_string(l.line) + " " + l.name);
    ASSERT_FALSE(l.moves.empty());
    auto o = openings::classify(Position::startpos(), l.moves);
    ASSERT_TRUE(o.has_value());
    EXPECT_EQ(o->ply, int(l.moves.size()));  // the line's own end is its deepest named position
    bool shares = false;
    auto [b, e] = by_key.equal_range(l.key);
    for (auto it = b; it != e; ++it) shares |= it->second->name == o->name && it->second->eco == o->eco;
    EXPECT_TRUE(shares) << "got " << o->eco << " " << o->name;
    own_name += o->name == l.name;
  }
  EXPECT_GT(own_name, lines.size() * 9 / 10);  // only lines sharing a position get another name
}

TEST(Eco, TranspositionGetsTheNameOfThePosition) {
  // The Nimzo-Indian position (E20, 1. d4 Nf6 2. c4 e6 3. Nc3 Bb4) reached from the
  // English: a move-sequence matcher would say A17 (English Opening).
  const auto direct = openings::classify(Position::startpos(), eco_play("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4"));
  const auto transposed = openings::classify(Position::startpos(), eco_play("1. c4 e6 2. Nc3 Nf6 3. d4 Bb4"));
  ASSERT_TRUE(direct && transposed);
  EXPECT_EQ(direct->eco, "E20");
  EXPECT_EQ(transposed->eco, direct->eco);
  EXPECT_EQ(transposed->name, direct->name);
  EXPECT_EQ(transposed->ply, 6);
  // Move by move, the transposed game passed through English positions first.
  const auto early = openings::classify(Position::startpos(), eco_play("1. c4 e6 2. Nc3"));
  ASSERT_TRUE(early);
  EXPECT_EQ(early->eco.substr(0, 1), "A");
}

TEST(Eco, DeepestNamedPositionWinsAndLaterMovesDoNotUnnameIt) {
  // After the named 3...a6 (Ruy Lopez: Morphy Defense) an unnamed sidestep keeps the name.
  const auto o = openings::classify(Position::startpos(), eco_play("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. h3 h6 5. a3"));
  ASSERT_TRUE(o);
  EXPECT_EQ(o->eco, "C70");
  EXPECT_EQ(o->ply, 6);
}

TEST(Eco, TheLastNamedPositionReachedNamesTheGame) {
  // 1. d4 Nf6 2. Nf3 is A46 (Indian Defense: Knights Variation); the knights going back
  // to A45's position (1. d4 Nf6) name the game by where it stands, at ply 6.
  const auto knights = openings::classify(Position::startpos(), eco_play("1. d4 Nf6 2. Nf3"));
  const auto back = openings::classify(Position::startpos(), eco_play("1. d4 Nf6 2. Nf3 Ng8 3. Ng1 Nf6"));
  const auto indian = openings::classify(Position::startpos(), eco_play("1. d4 Nf6"));
  ASSERT_TRUE(knights && back && indian);
  EXPECT_EQ(knights->eco, "A46");
  EXPECT_EQ(back->eco, indian->eco);
  EXPECT_EQ(back->name, indian->name);
  EXPECT_NE(back->eco, knights->eco);
  EXPECT_EQ(back->ply, 6);
}

TEST(Eco, StopsPastTheDeepestPlyTheTableHolds) {
  // Knights out and back (the start position again, unnamed) until past max_ply, then
  // 1. e4's position: named in the table, but too deep for any table line to name it.
  std::string text;
  const int rounds = openings::max_ply() / 4 + 1;
  for (int i = 0; i < rounds; ++i) text += "Nf3 Nf6 Ng1 Ng8 ";
  text += "e4";
  const std::vector<Move> moves = eco_play(text);
  ASSERT_EQ(moves.size(), std::size_t(rounds * 4 + 1));
  Key e4_key = 0;
  eco_play("1. e4", &e4_key);
  ASSERT_TRUE(openings::find_position(e4_key));
  const auto o = openings::classify(Position::startpos(), moves);
  ASSERT_TRUE(o);  // 1. Nf3 is named (Zukertort Opening) at ply 1
  EXPECT_LE(o->ply, openings::max_ply());
  EXPECT_NE(o->name, openings::find_position(e4_key)->name);
}

TEST(Eco, OnlyGamesFromTheStandardStartAreClassified) {
  Position pos = Position::startpos();
  pos.set_side_to_move(Black);  // the start position with Black to move: not the start
  EXPECT_FALSE(openings::classify(pos, {}));
  EXPECT_FALSE(openings::classify(Position::startpos(), {}));  // no moves: nothing named
}

pgn::Game eco_game_of(const std::string& text) {
  pgn::Replayed r = pgn::build_game(testing::raw_game(text), pgn::Keep::Tree);
  EXPECT_TRUE(r.ok());
  return std::move(r.game);
}

TEST(Eco, ApplyEcoTagsAddsOrCorrectsBoth) {
  pgn::Game g = eco_game_of("[Event \"e\"]\n[ECO \"A00\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
  EXPECT_TRUE(openings::apply_eco_tags(g));
  ASSERT_NE(g.tag("ECO"), nullptr);
  EXPECT_EQ(*g.tag("ECO"), "C60");
  ASSERT_NE(g.tag("Opening"), nullptr);
  EXPECT_EQ(*g.tag("Opening"), std::string(openings::classify(g)->name));
  EXPECT_EQ(g.tags[1].first, "ECO");  // corrected where it stood
  EXPECT_FALSE(openings::apply_eco_tags(g));  // already right: nothing changes
}

TEST(Eco, ApplyEcoTagsDropsTheOldOpeningsVariation) {
  // The table's name holds the variation: Variation and SubVariation named the old one.
  pgn::Game g = eco_game_of("[Opening \"Wrong\"]\n[Variation \"Old\"]\n[SubVariation \"x\"]\n[Site \"s\"]\n\n"
                            "1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *\n");
  EXPECT_TRUE(openings::apply_eco_tags(g));
  EXPECT_EQ(g.tag("Variation"), nullptr);
  EXPECT_EQ(g.tag("SubVariation"), nullptr);
  ASSERT_NE(g.tag("Site"), nullptr);
  // An Opening tag already right keeps the Variation beside it.
  g.tags.emplace_back("Variation", "kept");
  EXPECT_FALSE(openings::apply_eco_tags(g));
  ASSERT_NE(g.tag("Variation"), nullptr);
}

TEST(Eco, AVariationContinuingTheRightNameIntoALineNotReachedIsJudged) {
  // The moves reach D30 "Queen's Gambit Declined"; Variation "Miles Variation" continues it
  // into D37's "Queen's Gambit Declined: Miles Variation", which they do not reach.
  const char* moves = "\n1. d4 d5 2. c4 e6 *\n";
  pgn::Game miles = eco_game_of(std::string("[Opening \"Queen's Gambit Declined\"]\n[Variation \"Miles Variation\"]\n") + moves);
  auto m = openings::eco_mismatch(miles);
  ASSERT_TRUE(m);
  EXPECT_NE(m->find("Variation 'Miles Variation'"), std::string::npos) << *m;
  EXPECT_TRUE(openings::apply_eco_tags(miles));
  EXPECT_EQ(miles.tag("Variation"), nullptr);
  EXPECT_FALSE(openings::eco_mismatch(miles));
  // Words of another vocabulary beside the right name stay, and are not judged.
  pgn::Game words = eco_game_of(std::string("[ECO \"D30\"]\n[Opening \"Queen's Gambit Declined\"]\n[Variation \"main line\"]\n") + moves);
  EXPECT_FALSE(openings::eco_mismatch(words));
  EXPECT_FALSE(openings::apply_eco_tags(words));
  EXPECT_NE(words.tag("Variation"), nullptr);
  // Nor when the right name is written in capitals: it is respelt, the Variation stays.
  pgn::Game capitals = eco_game_of(std::string("[Opening \"QUEEN'S GAMBIT DECLINED\"]\n[Variation \"main line\"]\n") + moves);
  EXPECT_TRUE(openings::apply_eco_tags(capitals));
  ASSERT_NE(capitals.tag("Opening"), nullptr);
  EXPECT_EQ(*capitals.tag("Opening"), "Queen's Gambit Declined");
  EXPECT_NE(capitals.tag("Variation"), nullptr);
}

TEST(Eco, NamesAreComparedInAnyLetterCaseBeyondAscii) {
  // A00 "Kádas Opening" in capitals (and decomposed) is still this table's name: judged.
  for (const char* name : {"KÁDAS OPENING", "Ka\u0301das Opening"}) {
    pgn::Game g = eco_game_of(std::string("[Opening \"") + name + "\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 *\n");
    EXPECT_TRUE(openings::eco_mismatch(g)) << name;
  }
  pgn::Game right = eco_game_of("[Opening \"RUY LOPEZ: EXCHANGE VARIATION\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 *\n");
  EXPECT_FALSE(openings::eco_mismatch(right));
}

TEST(Eco, MismatchNamesTheTagAndThePositionReached) {
  pgn::Game wrong = eco_game_of("[ECO \"B20\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
  auto m = openings::eco_mismatch(wrong);
  ASSERT_TRUE(m);
  EXPECT_NE(m->find("'B20'"), std::string::npos);
  EXPECT_NE(m->find("C60"), std::string::npos);
  pgn::Game right = eco_game_of("[ECO \"C60\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
  EXPECT_FALSE(openings::eco_mismatch(right));
  // An Opening tag with another table's name is not judged; one of this table's is.
  pgn::Game other_vocabulary = eco_game_of("[Opening \"Spanish\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
  EXPECT_FALSE(openings::eco_mismatch(other_vocabulary));
  pgn::Game wrong_name = eco_game_of("[Opening \"Sicilian Defense\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
  auto n = openings::eco_mismatch(wrong_name);
  ASSERT_TRUE(n);
  EXPECT_NE(n->find("Opening tag 'Sicilian Defense'"), std::string::npos);
  pgn::Game none = eco_game_of("[Event \"x\"]\n\n1. e4 e5 *\n");
  EXPECT_FALSE(openings::eco_mismatch(none));
}

constexpr const char* kExchange = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 *\n";         // C68 Ruy Lopez: Exchange Variation
constexpr const char* kExchangeNormal = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *\n";  // C69 ..., Normal Variation

std::optional<std::string> mismatch_of(const std::string& tags, const char* moves) {
  return openings::eco_mismatch(eco_game_of(tags + "\n" + moves));
}

// An ECO tag that is the right code in the wrong form is still warned about (codes are an
// upper-case letter and two digits), with a message that says what is wrong with it
// rather than "'c68' but the moves reach C68".
TEST(Eco, MismatchSaysWhenOnlyTheCodesFormIsWrong) {
  const std::string reach = "the moves reach C68 \"Ruy Lopez: Exchange Variation\" at ply 7";
  EXPECT_EQ(mismatch_of("[ECO \"c68\"]\n", kExchange), "ECO tag 'c68' is in lower case, where codes are upper case: " + reach);
  EXPECT_EQ(mismatch_of("[ECO \"C68 \"]\n", kExchange), "ECO tag 'C68 ' has a blank after the code: " + reach);
  EXPECT_EQ(mismatch_of("[ECO \" c68\t\"]\n", kExchange),
            "ECO tag ' c68\t' is in lower case, where codes are upper case, and has blanks before and after the code: " + reach);
  // Another code, in any form, is a plain disagreement.
  EXPECT_EQ(mismatch_of("[ECO \"c65\"]\n", kExchange), "ECO tag 'c65' but " + reach);
  EXPECT_FALSE(mismatch_of("[ECO \"C68\"]\n", kExchange));
}

// PGN spec 9.4 splits the name across Opening, Variation and SubVariation; cutechess and
// TWIC write the family in Opening. A family, or the first parts of the name, agree.
TEST(Eco, MismatchAcceptsTheFamilyAndTheNameSplitAcrossTags) {
  EXPECT_FALSE(mismatch_of("[ECO \"C68\"]\n[Opening \"Ruy Lopez\"]\n[Variation \"Exchange Variation\"]\n", kExchange));
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez\"]\n", kExchange));
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez\"]\n", kExchangeNormal));
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez\"]\n[Variation \"Exchange Variation\"]\n", kExchangeNormal));
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez\"]\n[Variation \"Exchange Variation\"]\n[SubVariation \"Normal Variation\"]\n",
                           kExchangeNormal));
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez: Exchange Variation\"]\n", kExchangeNormal));
  EXPECT_FALSE(mismatch_of("[Opening \"Polish Opening\"]\n", "1. b4 d5 *\n"));  // "Polish Opening, with d5"
  // TWIC's Variation in another vocabulary: the family alone is judged.
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez\"]\n[Variation \"Exchange Variation , 5.O-O\"]\n", kExchangeNormal));
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez\"]\n[Variation \"exchange variation\"]\n", kExchange));
  // "Queen's Pawn" is only the first part of the table's "Queen's Pawn, Mengarini Attack":
  // another vocabulary's name for the Queen's Pawn Game, not judged.
  EXPECT_FALSE(mismatch_of("[Opening \"Queen's Pawn\"]\n", "1. d4 d5 *\n"));
}

TEST(Eco, MismatchStillReportsAnotherOpeningOrLine) {
  auto family = mismatch_of("[Opening \"Italian Game\"]\n", kExchange);
  ASSERT_TRUE(family);
  EXPECT_EQ(*family, "Opening tag 'Italian Game' but the moves reach C68 \"Ruy Lopez: Exchange Variation\" at ply 7");
  // A family that is no table name by itself is still the table's vocabulary.
  EXPECT_TRUE(mismatch_of("[Opening \"Colle System\"]\n", kExchange));
  // The right family, the wrong line of it (a table name once joined), one the game
  // never passed through.
  auto line = mismatch_of("[Opening \"Ruy Lopez\"]\n[Variation \"Berlin Defense\"]\n", kExchange);
  ASSERT_TRUE(line);
  EXPECT_EQ(*line,
            "Opening tag 'Ruy Lopez' Variation 'Berlin Defense' but the moves reach C68 \"Ruy Lopez: Exchange Variation\" at "
            "ply 7");
  EXPECT_TRUE(mismatch_of("[Opening \"Ruy Lopez: Berlin Defense\"]\n", kExchange));
  // A part must match whole: "Ruy" is not "Ruy Lopez".
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy\"]\n", kExchange));  // not the table's vocabulary
  // Not this table's line name, but its family is: the family is judged.
  EXPECT_TRUE(mismatch_of("[Opening \"Ruy Lopez: Exchange\"]\n[Variation \"x\"]\n", "1. e4 c5 *\n"));
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez: Exchange\"]\n", kExchange));
}

// An Opening tag may name a position the game passed through on its way to the deepest
// one: TWIC's "Queen's pawn game" for an Indian Defense, which started 1. d4 (A40 Queen's
// Pawn Game), or the Morphy Defense (3... a6) of an Exchange Variation. A position
// reached only by another move order, or never, still disagrees.
TEST(Eco, MismatchAcceptsANamedPositionOnTheWay) {
  constexpr const char* kAntiNimzo = "1. d4 Nf6 2. c4 e6 3. Nf3 *\n";  // E10 Indian Defense: Anti-Nimzo-Indian
  EXPECT_FALSE(mismatch_of("[ECO \"E10\"]\n[Opening \"Queen's pawn game\"]\n", kAntiNimzo));
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez: Morphy Defense\"]\n", kExchange));
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez\"]\n[Variation \"Morphy Defense\"]\n", kExchange));
  EXPECT_FALSE(mismatch_of("[Opening \"Benko Gambit\"]\n", "1. d4 Nf6 2. c4 c5 3. d5 b5 4. Nf3 *\n"));
  // 1. d4 d5 (D00 Queen's Pawn Game) is not on the way of 1. e4 e5.
  auto away = mismatch_of("[Opening \"Queen's pawn game\"]\n", "1. e4 e5 2. Nf3 *\n");
  ASSERT_TRUE(away);
  EXPECT_NE(away->find("Opening tag 'Queen's pawn game'"), std::string::npos);
  // The ECO code is still the deepest position's.
  EXPECT_TRUE(mismatch_of("[ECO \"A40\"]\n", kAntiNimzo));
}

// TWIC writes its names in lower case ("exchange variation"): judged as the table's
// names are, in any letter case.
TEST(Eco, NamesAreComparedInAnyLetterCase) {
  EXPECT_FALSE(mismatch_of("[Opening \"Ruy Lopez\"]\n[Variation \"exchange variation\"]\n", kExchange));
  EXPECT_FALSE(mismatch_of("[Opening \"ruy lopez\"]\n", kExchange));
  auto wrong = mismatch_of("[Opening \"Ruy Lopez\"]\n[Variation \"berlin defense\"]\n", kExchange);
  ASSERT_TRUE(wrong);
  EXPECT_EQ(*wrong,
            "Opening tag 'Ruy Lopez' Variation 'berlin defense' but the moves reach C68 \"Ruy Lopez: Exchange Variation\" at "
            "ply 7");
  // annotate --eco keeps a split name that is the table's in another letter case.
  pgn::Game twic = eco_game_of(std::string("[ECO \"C68\"]\n[Opening \"Ruy Lopez\"]\n[Variation \"exchange variation\"]\n\n") +
                               kExchange);
  EXPECT_FALSE(openings::apply_eco_tags(twic));
  ASSERT_NE(twic.tag("Variation"), nullptr);
  EXPECT_EQ(*twic.tag("Variation"), "exchange variation");
}

// annotate/convert --eco: the name split across the tags is the table's name and stays
// as written; a family alone is completed to the full name.
TEST(Eco, ApplyEcoTagsKeepsTheNameSplitAcrossTags) {
  pgn::Game split = eco_game_of(std::string("[ECO \"C68\"]\n[Opening \"Ruy Lopez\"]\n[Variation \"Exchange Variation\"]\n\n") + kExchange);
  EXPECT_FALSE(openings::apply_eco_tags(split));
  EXPECT_EQ(*split.tag("Opening"), "Ruy Lopez");
  ASSERT_NE(split.tag("Variation"), nullptr);
  pgn::Game family = eco_game_of(std::string("[ECO \"C68\"]\n[Opening \"Ruy Lopez\"]\n\n") + kExchange);
  EXPECT_TRUE(openings::apply_eco_tags(family));
  EXPECT_EQ(*family.tag("Opening"), "Ruy Lopez: Exchange Variation");
}

}  // namespace
}  // namespace chesstool
