// SPDX-License-Identifier: MIT
// Tests for output/pgn_writer: export format, wrapping, idempotence, deep trees, and the line
// formats (UCI, LAN, FEN, EPD). The tree itself: tests/pgn/game_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include <filesystem>
#include <string>
#include <vector>

#include "core/fen.hpp"
#include "core/san.hpp"
#include "core/uci.hpp"
#include "pgn/game.hpp"
#include "pgn/replay.hpp"
#include "output/pgn_writer.hpp"
#include "pgn/standard_tags.hpp"
#include "io/source.hpp"
#include "support/paths.hpp"
#include "support/raw_game.hpp"

namespace chesstool::output {
namespace {

namespace fs = std::filesystem;

using chesstool::testing::raw_game;

std::string to_pgn(const std::string& text, bool reduced = false) {
  pgn::Replayed b = pgn::build_game(raw_game(text));
  EXPECT_TRUE(b.ok()) << text << "\n" << (b.error() ? b.error()->message : "");
  std::string out;
  PgnWriteOptions o;
  o.reduced = reduced;
  write_pgn(b.game, out, o);
  return out;
}

// The movetext part of to_pgn (after the tag section's blank line).
std::string movetext(const std::string& text, bool reduced = false) {
  std::string out = to_pgn(text, reduced);
  return out.substr(out.find("\n\n") + 2);
}

std::vector<pgn::RawGame> writer_games_of(const std::string& path) {
  io::ByteSource src(path);
  pgn::GameSplitter splitter(src);
  std::vector<pgn::RawGame> out;
  pgn::RawGame g;
  while (splitter.next(g)) out.push_back(g);
  return out;
}

// Every *.pgn under the corpus folders named, sorted. Called only when the corpus is
// there, so a missing folder is a failure, not a silent pass on fewer files.
//
// The corpus tests below assert floors a little under what the corpus holds today:
//   pgn/valid 62 files, 221 games; pgn/lenient 28, 350; pgn/chess960 1, 4; archives 4,
//   2493; pgn/invalid 16, 30; pgn/variants 5, 8. So valid + lenient + chess960 +
//   archives: 95 files, 3068 games (3063 of them build); all six folders: 116 files,
//   3106 games.
std::vector<std::string> corpus_files(std::initializer_list<const char*> dirs) {
  std::vector<std::string> out;
  for (const char* d : dirs) {
    std::string dir = chesstool::testing::corpus_path(d);
    if (!fs::is_directory(dir)) {
      ADD_FAILURE() << "corpus folder missing: " << dir;
      continue;
    }
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".pgn") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string normalise_space(const std::string& s) {
  std::string out;
  for (char c : s) {
    const bool sp = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (sp) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c == '}' ? ')' : c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// Compares two trees move by move (iteratively); `reread` came from a's PGN output, so its
// tokens as written must be a's canonical SAN.
void expect_same_tree(const pgn::Game& a, const pgn::Game& reread, const std::string& where) {
  struct Item {
    const pgn::Line* x;
    const pgn::Line* y;
    Position pos;
  };
  std::vector<Item> work{{&a.moves, &reread.moves, a.start}};
  while (!work.empty()) {
    Item it = work.back();
    work.pop_back();
    ASSERT_EQ(it.x->size(), it.y->size()) << where;
    Position pos = it.pos;
    for (std::size_t i = 0; i < it.x->size(); ++i) {
      const pgn::Node& n = (*it.x)[i];
      const pgn::Node& m = (*it.y)[i];
      ASSERT_EQ(n.move, m.move) << where << " move " << i;
      ASSERT_EQ(m.san_written.view(), to_san(pos, n.move)) << where;
      ASSERT_EQ(normalise_space(n.comment_before()), normalise_space(m.comment_before())) << where;
      ASSERT_EQ(normalise_space(n.comment_after), normalise_space(m.comment_after)) << where;
      ASSERT_EQ(n.nags(), m.nags()) << where;
      ASSERT_EQ(n.variations().size(), m.variations().size()) << where;
      for (std::size_t v = 0; v < n.variations().size(); ++v) work.push_back({&n.variations()[v], &m.variations()[v], pos});
      pos.make_move(n.move);
    }
  }
}

TEST(PgnWriter, AppendsToWhatTheStringHolds) {
  // write_pgn appends: games written one after another into one string are each game
  // written alone, and a long game (its text grows the string many times) is whole.
  std::string long_game = "[Event \"Long\"]\n\n";
  for (int m = 1; m <= 200; ++m)
    long_game += std::to_string(2 * m - 1) + ". Nf3 {a comment of some length, " + std::to_string(m) + "} Nf6 " +
                 std::to_string(2 * m) + ". Ng1 Ng8 ";
  long_game += "*";
  const std::vector<std::string> texts = {"[Event \"A\"]\n\n1. e4 e5 *", long_game, "[Event \"B\"]\n\n1. d4 {x} *"};
  std::string all, expected;
  for (const std::string& t : texts) {
    pgn::Replayed b = pgn::build_game(raw_game(t));
    ASSERT_TRUE(b.report.valid) << t.substr(0, 40);
    std::string alone;
    write_pgn(b.game, alone);
    expected += alone;
    write_pgn(b.game, all);
  }
  EXPECT_EQ(all, expected);
  std::size_t knights_home = 0;  // "Ng8" once a move of the long game, and nowhere else
  for (std::size_t at = expected.find("Ng8"); at != std::string::npos; at = expected.find("Ng8", at + 1)) ++knights_home;
  EXPECT_EQ(knights_home, 200u);
  EXPECT_EQ(std::count(expected.begin(), expected.end(), '\0'), 0);
}

TEST(PgnWriter, SevenTagRosterFirstThenOthersInInputOrder) {
  std::string out = to_pgn("[ECO \"C20\"]\n[White \"A \\\"q\\\" \\\\ b\"]\n[Event \"E\"]\n[Annotator \"x\"]\n\n1. e4 1-0");
  EXPECT_EQ(out,
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A \\\"q\\\" \\\\ b\"]\n"
            "[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n[Annotator \"x\"]\n\n1. e4 1-0\n");
}

TEST(PgnWriter, SetUpAddedBeforeFen) {
  std::string out = to_pgn("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *");
  EXPECT_NE(out.find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"), std::string::npos) << out;
}

TEST(PgnWriter, SetUpIsOneBesideTheFenReplayedFrom) {
  // The game starts at its FEN tag whatever SetUp says: [SetUp "0"] beside it would tell a
  // reader to start from the standard position (spec 9.7.1), where 1. Kd2 is illegal.
  const std::string fen = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n";
  std::string out = to_pgn("[SetUp \"0\"]\n" + fen + "\n1. Kd2 *");
  EXPECT_NE(out.find("[SetUp \"1\"]\n" + fen), std::string::npos) << out;
  EXPECT_EQ(out.find("\"0\""), std::string::npos) << out;
  // After the FEN tag, and in the reduced format, the same.
  out = to_pgn(fen + "[setup \"0\"]\n\n1. Kd2 *");
  EXPECT_NE(out.find(fen + "[SetUp \"1\"]\n"), std::string::npos) << out;
  out = to_pgn("[SetUp \"0\"]\n" + fen + "\n1. Kd2 *", true);
  EXPECT_NE(out.find("[SetUp \"1\"]\n" + fen), std::string::npos) << out;
  // Without a FEN tag a SetUp "0" is right, and kept.
  out = to_pgn("[SetUp \"0\"]\n\n1. e4 *");
  EXPECT_NE(out.find("[SetUp \"0\"]\n"), std::string::npos) << out;
}

// The lookup by perfect hash against a scan of the table: every standard name in three
// letter cases, and every name one byte away from one (changed, cut, lengthened).
TEST(PgnWriter, StandardTagIndexAgreesWithAScanOfTheTable) {
  const auto scan = [](std::string_view name) {
    for (std::size_t i = 0; i < std::size(pgn::kStandardTags); ++i)
      if (pgn::detail::equal_ignoring_case(pgn::kStandardTags[i], name)) return int(i);
    return -1;
  };
  int tried = 0;
  for (std::size_t i = 0; i < std::size(pgn::kStandardTags); ++i) {
    const std::string name(pgn::kStandardTags[i]);
    std::string lower = name, upper = name;
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    for (const std::string& n : {name, lower, upper}) EXPECT_EQ(pgn::standard_tag_index(n), int(i)) << n;
    std::vector<std::string> near = {name.substr(0, name.size() - 1), name + "x", name + "_"};
    for (std::size_t k = 0; k < name.size(); ++k)
      for (const char c : {'a', 'Z', '_', '1', '@', char(name[k] ^ 0x20)}) {
        std::string n = name;
        n[k] = c;
        near.push_back(n);
      }
    near.insert(near.end(), {name, lower, upper});
    for (const std::string& n : near) {
      EXPECT_EQ(pgn::standard_tag_index(n), scan(n)) << n;
      // The lookup that also tells an exact spelling gives the same index.
      bool spelt_so = true;
      const int index = pgn::standard_tag_index(n, spelt_so);
      EXPECT_EQ(index, scan(n)) << n;
      EXPECT_EQ(spelt_so, index >= 0 && n == pgn::kStandardTags[index]) << n;
      ++tried;
    }
  }
  EXPECT_GT(tried, 2000);
}

TEST(PgnWriter, TagNamesInTheirStandardSpelling) {
  // [fEn] is FEN (and gets SetUp), [white] White in the roster's place; a name that is no
  // standard tag stays as written; of two spellings of one name the first counts.
  std::string out = to_pgn("[event \"e\"]\n[white \"A\"]\n[WHITE \"B\"]\n[whiteelo \"2100\"]\n[myTag \"m\"]\n"
                           "[fEn \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[timecontrol \"60\"]\n\n1. e4 *");
  EXPECT_EQ(out,
            "[Event \"e\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"?\"]\n"
            "[Result \"*\"]\n[WhiteElo \"2100\"]\n[myTag \"m\"]\n[SetUp \"1\"]\n"
            "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[TimeControl \"60\"]\n\n1. e4 *\n");
  EXPECT_EQ(pgn::standard_tag_name("setup"), "SetUp");
  EXPECT_EQ(pgn::standard_tag_name("ECO"), "ECO");
  EXPECT_EQ(pgn::standard_tag_name("WhiteElo2"), "");
  // Only letters match in the other case: '@' is not '`', nor '[' '{', though each pair
  // differs by the bit that tells a letter's case.
  EXPECT_EQ(pgn::standard_tag_name("sETuP"), "SetUp");
  EXPECT_EQ(pgn::standard_tag_name("Whit@"), "");
  EXPECT_EQ(pgn::standard_tag_index("`vent"), -1);
  EXPECT_EQ(pgn::standard_tag_index("Round"), 3);
  EXPECT_EQ(pgn::standard_tag_name("Roun{"), "");
  EXPECT_EQ(pgn::standard_tag_name(""), "");
  // [setup] counts as SetUp: no second one is added.
  out = to_pgn("[setup \"1\"]\n[fen \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *");
  EXPECT_NE(out.find("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("SetUp", out.find("SetUp") + 1), std::string::npos) << out;
}

TEST(PgnWriter, ATagInItsStandardSpellingBeatsOtherSpellingsOfIt) {
  // The reader replays from [FEN] over an earlier [fEn] (pgn/start_position.cpp): the
  // written game must keep that one, or it starts elsewhere. So for every standard name.
  const std::string out = to_pgn("[fEn \"8/8/8/8/8/8/8/8\"]\n[white \"A\"]\n[White \"B\"]\n"
                                 "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *");
  EXPECT_NE(out.find("[White \"B\"]\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("\"A\""), std::string::npos) << out;
  EXPECT_NE(out.find("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("8/8/8/8/8/8/8/8"), std::string::npos) << out;
}

TEST(PgnWriter, ManyTagsAreNormalisedAsAFew) {
  // Past pgn::kScannedTagNames tags the writer looks names up in hash sets: the same
  // choices as its scan of a few. The tests above again, each with 50 more tags.
  std::string padding;
  std::string written;
  for (int i = 0; i < 50; ++i) {
    padding += "[Pad" + std::to_string(i) + " \"p\"]\n";
    written += "[Pad" + std::to_string(i) + " \"p\"]\n";
  }
  const std::string few = "[event \"e\"]\n[white \"A\"]\n[WHITE \"B\"]\n[whiteelo \"2100\"]\n[myTag \"m\"]\n"
                          "[fEn \"8/8/8/8/8/8/8/8\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[timecontrol \"60\"]\n";
  const std::string out_few = to_pgn(few + "\n1. e4 *");
  const std::string out_many = to_pgn(padding + few + "\n1. e4 *");
  // The padding comes right after the roster, the rest as with few tags.
  const std::string result_tag = "[Result \"*\"]\n";
  const std::size_t result_at = out_few.find(result_tag);
  ASSERT_NE(result_at, std::string::npos);
  const std::size_t roster_end = result_at + result_tag.size();
  EXPECT_EQ(out_many, out_few.substr(0, roster_end) + written + out_few.substr(roster_end));
  EXPECT_NE(out_many.find("[White \"A\"]\n"), std::string::npos) << out_many;
  EXPECT_EQ(out_many.find("\"B\""), std::string::npos) << out_many;
  EXPECT_EQ(out_many.find("8/8/8/8/8/8/8/8"), std::string::npos) << out_many;
}

// The movetext as convert writes it: commands canonical, some stripped.
std::string convert_movetext(const std::string& text, pgn::StripCommands strip = {}) {
  pgn::Replayed b = pgn::build_game(chesstool::testing::raw_game(text));
  EXPECT_TRUE(b.ok()) << text;
  std::string out;
  output::PgnWriteOptions o;
  o.canonical_commands = true;
  o.strip = strip;
  output::write_pgn(b.game, out, o);
  return out.substr(out.find("\n\n") + 2);
}

TEST(PgnWriter, CommentCommandsCanonicalOnlyWhenAsked) {
  const std::string text = "1. e4 {good [%clk 0:5:00] [%eval +0.50]} e5 {[%clk 5:xx] plain} *";
  EXPECT_EQ(movetext(text), "1. e4 {good [%clk 0:5:00] [%eval +0.50]} 1... e5 {[%clk 5:xx] plain} *\n");
  EXPECT_EQ(convert_movetext(text), "1. e4 {[%eval 0.5] [%clk 0:05:00] good} 1... e5 {[%clk 5:xx] plain} *\n");
}

TEST(PgnWriter, StripRemovesCommandsAndEmptiedComments) {
  pgn::StripCommands strip;
  strip.clk = strip.eval = true;
  EXPECT_EQ(convert_movetext("1. e4 {[%eval 0.17] [%clk 0:03:00]} e5 {[%clk 0:03:00] ok [%cal Ge2e4]} *", strip),
            "1. e4 e5 {[%cal Ge2e4] ok} *\n");
}

TEST(PgnWriter, ACommandIsNeverSplitAcrossLines) {
  std::string text = "1. e4 {";
  for (int i = 0; i < 12; ++i) text += "word ";
  text += "[%cal Ge2e4,Rd1d8,Gb1c3] [%csl Gd4,Re5,Yf6] end} *";
  pgn::Replayed b = pgn::build_game(chesstool::testing::raw_game(text));
  ASSERT_TRUE(b.ok());
  for (std::size_t width : {20u, 40u, 60u, 80u}) {
    std::string out;
    output::PgnWriteOptions o;
    o.line_width = width;
    output::write_pgn(b.game, out, o);
    EXPECT_NE(out.find("[%cal Ge2e4,Rd1d8,Gb1c3]"), std::string::npos) << width << "\n" << out;
    EXPECT_NE(out.find("[%csl Gd4,Re5,Yf6]"), std::string::npos) << width << "\n" << out;
  }
}

// Spec 6: a '%' in the first column starts an escape line, which a reader skips whole.
TEST(PgnWriter, NoLineStartsWithPercent) {
  std::string text = "1. e4 {";
  for (int i = 0; i < 30; ++i) text += (i % 3 == 0 ? "%" : "w") + std::to_string(i) + " ";
  text += "%end} e5 *";
  pgn::Replayed b = pgn::build_game(chesstool::testing::raw_game(text));
  ASSERT_TRUE(b.ok());
  for (std::size_t width = 10; width <= 80; width += 7) {
    std::string out;
    output::PgnWriteOptions o;
    o.line_width = width;
    output::write_pgn(b.game, out, o);
    EXPECT_EQ(out.find("\n%"), std::string::npos) << width << "\n" << out;
    pgn::Replayed again = pgn::build_game(chesstool::testing::raw_game(out));
    ASSERT_TRUE(again.ok()) << width << "\n" << out;
    EXPECT_EQ(normalise_space(again.game.moves.at(0).comment_after), b.game.moves.at(0).comment_after) << width << "\n" << out;
  }
}

// A word of zero-width characters (a bidi control, a lone combining mark) at the start of
// a line, after a long word or carried there before a '%' word, keeps the blank after it.
TEST(PgnWriter, AZeroWidthWordKeepsItsBlanksWhereverTheLineBreaks) {
  const std::string rlo = "\xE2\x80\xAE", lri = "\xE2\x81\xA6", mark = "\xCC\x81";
  int compared = 0;
  for (const std::string& zero : {rlo, lri, mark})
    for (const std::string& comment : {std::string(90, 'x') + " " + zero + " (see) z", std::string(74, 'a') + " " + zero + " %pct",
                                       "a " + zero + " b " + zero + " " + zero + " c"})
      for (std::size_t width = 6; width <= 80; width += 2) {
        pgn::Replayed b = pgn::build_game(chesstool::testing::raw_game("1. e4 {" + comment + "} e5 *"));
        ASSERT_TRUE(b.ok());
        std::string out;
        output::PgnWriteOptions o;
        o.line_width = width;
        output::write_pgn(b.game, out, o);
        pgn::Replayed again = pgn::build_game(chesstool::testing::raw_game(out));
        ASSERT_TRUE(again.ok()) << width << "\n" << out;
        EXPECT_EQ(normalise_space(again.game.moves.at(0).comment_after), comment) << width << "\n" << out;
        ++compared;
      }
  EXPECT_EQ(compared, 3 * 3 * 38);
}

TEST(PgnWriter, LenientInputComesOutCanonical) {
  EXPECT_EQ(movetext("1. e2e4 e7-e5 2. Ng1f3 Nb8-c6 3. Bf1-c4 Ng8f6 4. 0-0 Bf8c5 5. Pd2d3 *"),
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Bc5 5. d3 *\n");
  EXPECT_EQ(movetext("[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n1. b8q *"), "1. b8=Q+ *\n");
}

TEST(PgnWriter, MoveNumbersCommentsNagsVariations) {
  EXPECT_EQ(movetext("{start} 1. e4 $1 {best} e5 (1... c5 2. Nf3 (2. Nc3) d6) 2. Nf3 ! *"),
            "{start} 1. e4 $1 {best} 1... e5 (1... c5 2. Nf3 (2. Nc3) 2... d6) 2. Nf3 $1 *\n");
  // A comment after a variation introduces the next move.
  EXPECT_EQ(movetext("1. e4 e5 (1... c5) {now} 2. Nf3 *"), "1. e4 e5 (1... c5) {now} 2. Nf3 *\n");
  EXPECT_EQ(movetext("1. e4 (1. d4) {now} 1... e5 *"), "1. e4 (1. d4) {now} 1... e5 *\n");
  // An empty variation is dropped (with a warning); the comments in and around it stay
  // together on their move.
  EXPECT_EQ(movetext("1. e4 e5 {c2} ( {x} ) {c5} 2. Nf3 *"), "1. e4 e5 {c2 x c5} 2. Nf3 *\n");
}

TEST(PgnWriter, ReducedDropsCommentsNagsVariations) {
  EXPECT_EQ(movetext("{start} 1. e4 $1 {best} e5 (1... c5 2. Nf3) 2. Nf3 ! Nc6 1/2-1/2", true),
            "1. e4 e5 2. Nf3 Nc6 1/2-1/2\n");
}

TEST(PgnWriter, CloseBraceInCommentIsWrittenAsParenthesis) {
  // Only a rest-of-line comment can hold '}'; a brace comment cannot (spec 8.2.5).
  std::string out = movetext("1. e4 ; a } b\n e5 *");
  EXPECT_EQ(out, "1. e4 {a ) b} 1... e5 *\n");
  EXPECT_EQ(movetext(out), out);
}

// Whether a writer's output reads back with no warning and writes the same.
bool rereads_cleanly(const std::string& out, const PgnWriteOptions& o = {}) {
  pgn::Replayed again = pgn::build_game(raw_game(out));
  std::string out2;
  write_pgn(again.game, out2, o);
  EXPECT_TRUE(again.report.warnings.empty()) << out << "\n" << again.report.warnings.front().message;
  EXPECT_EQ(out2, out);
  return again.ok() && again.report.warnings.empty() && out2 == out;
}

TEST(PgnWriter, NagsAboveTwoFiftyFiveAreKeptAsCommentText) {
  // Export format has $0..$255 only: a larger code goes at the end of the move's comment.
  const std::string out = movetext("1. e4 $300 $1 {good} e5 $256 2. Nf3 $999999999 $2 *");
  EXPECT_EQ(out, "1. e4 $1 {good $300} 1... e5 {$256} 2. Nf3 $2 {$999999999} *\n");
  EXPECT_TRUE(rereads_cleanly(to_pgn("1. e4 $300 $1 {good} e5 $256 2. Nf3 $999999999 $2 *")));
  // After the commands, where their canonical form puts the comment's text.
  pgn::Replayed b = pgn::build_game(raw_game("1. e4 $300 {[%clk 0:01:00] x} e5 $301 {[%eval 0.2]} *"));
  PgnWriteOptions o;
  o.canonical_commands = true;
  std::string pgn;
  write_pgn(b.game, pgn, o);
  EXPECT_NE(pgn.find("1. e4 {[%clk 0:01:00] x $300} 1... e5 {[%eval 0.2] $301} *"), std::string::npos) << pgn;
  EXPECT_TRUE(rereads_cleanly(pgn, o));
  // The reduced format has no NAGs or comments.
  EXPECT_EQ(movetext("1. e4 $300 *", true), "1. e4 *\n");
}

TEST(PgnWriter, ControlCharactersInTagsAndCommentsAreWrittenAsBlanks) {
  // A tab, a line end (spec 7: not in a string), other C0 bytes, DEL and C1 characters
  // (U+0085 here; a converted Windows-1252 0x81 is U+0081) have no escape: each is a blank.
  // U+00B0 shares U+0085's first byte and stays.
  pgn::Game g = pgn::build_game(raw_game("[Result \"*\"]\n\n1. e4 *")).game;
  g.tags.emplace_back("White", "a\tb\x01" "c\x7F" "d\xC2\x85" "e\xC2\xB0");
  g.tags.emplace_back("Black", "line\r\nend \"q\" \\");
  g.comment = "s\x1B[0mt";  // short: the byte by byte test
  g.moves[0].comment_after = "a long comment\x02with\xC2\x81 a C1\x7F and more\x0E";  // eight at a time
  std::string out;
  write_pgn(g, out);
  EXPECT_NE(out.find("[White \"a b c d e\xC2\xB0\"]\n"), std::string::npos) << out;
  EXPECT_NE(out.find("[Black \"line  end \\\"q\\\" \\\\\"]\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\n\n{s [0mt} 1. e4 {a long comment with a C1 and more} *\n"), std::string::npos) << out;
  EXPECT_TRUE(rereads_cleanly(out));
  for (char c = 1; c < 0x20; ++c) {
    std::string written;
    g.tags.back().second = std::string("x") + c + "y";
    g.moves[0].comment_after = std::string("x") + c + "y";
    write_pgn(g, written);
    EXPECT_NE(written.find("[Black \"x y\"]"), std::string::npos) << int(c);
    EXPECT_NE(written.find("1. e4 {x y} *"), std::string::npos) << int(c);
  }
}

TEST(PgnWriter, ATagNameWithAControlCharacterNeverMeetsAnotherName) {
  // Its control character is written as '_': "A\x01" would be a second "A_", which reads
  // back as a duplicate. It takes the first free "_2", "_3", ..., whichever comes first;
  // a name without a control character is written as it is.
  pgn::Game g = pgn::build_game(raw_game("[Result \"*\"]\n\n1. e4 *")).game;
  g.tags.emplace_back("A\x01", "first");
  g.tags.emplace_back("A_", "second");
  g.tags.emplace_back("A\x02", "third");
  g.tags.emplace_back("A__2", "fourth");
  g.tags.emplace_back("B\xC2\x85", "fifth");  // a C1 control: no other B_
  std::string out;
  write_pgn(g, out);
  EXPECT_NE(out.find("[Result \"*\"]\n[A__3 \"first\"]\n[A_ \"second\"]\n[A__4 \"third\"]\n[A__2 \"fourth\"]\n"
                     "[B_ \"fifth\"]\n\n"),
            std::string::npos)
      << out;
  EXPECT_TRUE(rereads_cleanly(out));
  // In another order, a name without a control character keeps it; the others are
  // numbered in the order they come.
  std::reverse(g.tags.begin() + 1, g.tags.end());
  std::string reversed;
  write_pgn(g, reversed);
  EXPECT_NE(reversed.find("[B_ \"fifth\"]\n[A__2 \"fourth\"]\n[A__3 \"third\"]\n[A_ \"second\"]\n[A__4 \"first\"]\n"),
            std::string::npos)
      << reversed;
  EXPECT_TRUE(rereads_cleanly(reversed));
}

TEST(PgnWriter, ResultFromTagWhenMovetextHasNone) {
  EXPECT_EQ(movetext("[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4#"), "1. f3 e5 2. g4 Qh4# 0-1\n");
  EXPECT_EQ(movetext("1. e4"), "1. e4 *\n");
  EXPECT_EQ(movetext("[White \"x\"]"), "*\n");
}

TEST(PgnWriter, ACommentWrittenWholeLandsAsWordByWord) {
  // A comment already one space apart is written in one piece when it fits; spaced out
  // it goes word by word. Both must fill the lines alike, wherever the comment starts,
  // after a variation's "(" too.
  int compared = 0;
  for (int moves = 1; moves <= 14; ++moves)
    for (int words = 1; words <= 9; ++words) {
      std::string before, single, spaced;
      for (int m = 1; m <= moves; ++m) before += std::to_string(2 * m - 1) + ". Nf3 Nf6 " + std::to_string(2 * m) + ". Ng1 Ng8 ";
      for (int w = 0; w < words; ++w) {
        // Plain words, a command of two words, a word with a ']', and an unclosed "[%"
        // that runs to the next ']' (the words of one command are never split).
        std::string word = "w";
        if (w % 4 == 2)
          word.assign("[%clk 0:0").append(std::to_string(w)).append(":00]");
        else if (w == 3)
          word.assign("a]b");
        else if (w == 5)
          word.assign("[%open");
        else if (w == 4)
          word.assign("\xC3\xA9t\xC3\xA9");  // "été": 5 bytes, 3 columns
        else
          word.append(std::size_t(w), 'x');
        single.append(w ? " " : "").append(word);
        spaced.append(w ? "   " : "  ").append(word);
      }
      // Moves after the comment show where it left the column count.
      const std::string moves_after = " Nc3 Nc6 Nb1 Nb8 Nc3 Nc6 Nb1 Nb8 Nc3 Nc6 Nb1 Nb8 *";
      for (const std::string& tail : {std::string(" *"), moves_after, std::string(" ({" + single + "} Nc6) *")}) {
        const std::string a = movetext(before + "{" + single + "}" + tail);
        std::string b_tail = tail;
        if (tail.front() == ' ' && tail[1] == '(') b_tail = " ({" + spaced + "\n} Nc6) *";
        const std::string b = movetext(before + "{" + spaced + " }" + b_tail);
        EXPECT_EQ(a, b) << moves << " moves, " << words << " words";
        ++compared;
      }
    }
  EXPECT_EQ(compared, 14 * 9 * 3);
}

TEST(PgnWriter, AnAsciiCommentWrapsAsAUnicodeOneOfItsColumns) {
  // An ASCII comment is placed word by word from its text; one with other characters by
  // the general word writer. A combining mark (no column) at the end of its last word
  // makes a comment take the general way with the same columns: apart from that mark,
  // both must come out alike, single-spaced or not, wherever the comment starts.
  const std::string mark = "\xCC\x80";  // U+0300
  int compared = 0;
  for (int moves = 1; moves <= 12; ++moves)
    for (int words = 1; words <= 8; ++words)
      for (const char* gap : {" ", "\n", "  \t"}) {
        std::string before, text;
        for (int m = 1; m <= moves; ++m) before += std::to_string(2 * m - 1) + ". Nf3 Nf6 " + std::to_string(2 * m) + ". Ng1 Ng8 ";
        for (int w = 0; w < words; ++w) text.append(w ? gap : "").append(std::string(std::size_t(1 + (w * 5) % 9), char('a' + w)));
        for (const std::string& tail : {std::string(" *"), std::string(" Nc3 Nc6 Nb1 Nb8 Nc3 Nc6 Nb1 Nb8 *")}) {
          const std::string ascii = movetext(before + "{" + text + "}" + tail);
          std::string unicode = movetext(before + "{" + text + mark + "}" + tail);
          unicode.erase(unicode.find(mark), mark.size());
          EXPECT_EQ(ascii, unicode) << moves << " moves, " << words << " words";
          ++compared;
        }
      }
  EXPECT_EQ(compared, 12 * 8 * 3 * 2);
}

TEST(PgnWriter, AShortSpacedOutCommentLandsAsALongOne) {
  // A comment of up to 512 bytes with whitespace runs, line ends or control characters
  // between its words is collapsed on the stack; a longer one goes through the general
  // writer. The same words, spaced out either way, must fill the lines alike wherever the
  // comment starts, a word starting with '%' (which never starts a line) among them.
  int compared = 0;
  for (int moves = 1; moves <= 12; ++moves)
    for (int words = 2; words <= 7; ++words) {  // one word has no blank to collapse
      std::string before, short_text, long_text;
      for (int m = 1; m <= moves; ++m) before += std::to_string(2 * m - 1) + ". Nf3 Nf6 " + std::to_string(2 * m) + ". Ng1 Ng8 ";
      for (int w = 0; w < words; ++w) {
        const std::string word = w % 3 == 1 ? "%p" + std::to_string(w) : std::string(std::size_t(1 + (w * 3) % 7), char('a' + w));
        short_text.append(w == 0 ? "" : w % 3 == 0 ? "\x7F\t" : w % 3 == 1 ? "\n" : " \x01").append(word);
        if (w) long_text.append(512, ' ').append("\x7F");
        long_text.append(word);
      }
      ASSERT_LE(short_text.size(), 512u);
      ASSERT_GT(long_text.size(), 512u);
      for (const std::string tail : {" *", " Nc3 Nc6 Nb1 Nb8 Nc3 %x Nc6 Nb1 Nb8 *"}) {
        // The tail's "%x" comment word: its break moves back to the last blank that may take one.
        std::string t = tail;
        if (const std::size_t at = t.find("%x"); at != std::string::npos) t.replace(at, 2, "{%x %y}");
        EXPECT_EQ(movetext(before + "{" + short_text + "}" + t), movetext(before + "{" + long_text + "}" + t))
            << moves << " moves, " << words << " words";
        ++compared;
      }
    }
  EXPECT_EQ(compared, 12 * 6 * 2);
}

TEST(PgnWriter, EveryWhitespaceRunAndBraceIsCollapsedWhereverItStands) {
  // The test for a comment written whole reads eight bytes at a time: a second blank, a
  // tab, a line end, a '}' (from a ';' comment) or a non-ASCII byte at any place of texts
  // of 1 to 40 bytes must come out as word by word writes it.
  auto collapsed = [](const std::string& text) {
    std::string out, word;
    for (const char c : text + " ") {
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
        if (!word.empty()) out.append(out.empty() ? "" : " ").append(word);
        word.clear();
      } else {
        word += c == '}' ? ')' : c;
      }
    }
    return out;
  };
  const std::vector<std::string> odd = {" ", "\t", "\n", "\v", "\f", "\r", "}", "\xC3\xA9"};
  int compared = 0;
  for (std::size_t size = 1; size <= 40; ++size)
    for (std::size_t at = 0; at < size; ++at)
      for (const std::string& o : odd) {
        std::string text;
        for (std::size_t i = 0; i < size; ++i) text += i % 5 == 4 ? ' ' : char('a' + i % 26);
        text.replace(at, 1, o == " " ? "  " : o);  // a blank doubles the one there or adds one
        const bool line_comment = o == "}";
        if (line_comment && text.find_first_of("\n\r") != std::string::npos) continue;
        if (collapsed(text).empty()) continue;  // nothing but blanks: no comment is written
        const std::string in = line_comment ? "1. e4 ;" + text + "\n*" : "1. e4 {" + text + "} *";
        const std::string out = movetext(in);
        const std::size_t open = out.find('{'), close = out.rfind('}');
        ASSERT_NE(open, std::string::npos) << in;
        std::string written = out.substr(open + 1, close - open - 1);
        std::replace(written.begin(), written.end(), '\n', ' ');  // a line break where it wrapped
        EXPECT_EQ(written, collapsed(text)) << "size " << size << ", at " << at;
        ++compared;
      }
  EXPECT_GT(compared, 40 * 41 / 2 * 7);
}

TEST(PgnWriter, LinesWrapAtEightyColumns) {
  std::string text = "{";
  for (int i = 0; i < 60; ++i) text += "word" + std::to_string(i) + " ";
  text += "} 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *";
  std::string out = movetext(text);
  std::size_t start = 0;
  int lines = 0;
  while (start < out.size()) {
    std::size_t end = out.find('\n', start);
    EXPECT_LE(end - start, 80u) << out;
    start = end + 1;
    ++lines;
  }
  EXPECT_GT(lines, 3);
  EXPECT_EQ(movetext(out), out);
}

TEST(PgnWriter, NullMoveInVariation) {
  EXPECT_EQ(movetext("1. e4 e5 (1... -- 2. d4) 2. Nf3 *"), "1. e4 e5 (1... -- 2. d4) 2. Nf3 *\n");
}

TEST(PgnWriter, TenThousandNestedVariations) {
  constexpr int kDepth = 10000;
  std::string text = "1. e4 ";
  for (int i = 0; i < kDepth; ++i) text += i % 2 ? "(1. e4 " : "(1. d4 ";
  text += std::string(kDepth, ')') + " *";
  pgn::Replayed b = pgn::build_game(raw_game(text));
  ASSERT_TRUE(b.ok()) << b.error()->message;
  std::string out;
  write_pgn(b.game, out);
  pgn::Replayed again = pgn::build_game(raw_game(out));
  ASSERT_TRUE(again.ok());
  std::string out2;
  write_pgn(again.game, out2);
  EXPECT_EQ(out, out2);
  expect_same_tree(b.game, again.game, "deep");
  // Both games are destroyed here: the destructor must not recurse.
}

TEST(PgnWriterCorpus, IdempotentAndSameMovesAfterRereading) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus not available";
  std::size_t games = 0, written = 0;
  const auto files = corpus_files({"pgn/valid", "pgn/lenient", "pgn/chess960", "archives"});
  for (const auto& file : files) {
    for (const pgn::RawGame& g : writer_games_of(file)) {
      ++games;
      pgn::Replayed b = pgn::build_game(g);
      if (!b.ok()) continue;
      ++written;
      std::string where = file + " game " + std::to_string(g.index);
      for (bool reduced : {false, true}) {
        PgnWriteOptions o;
        o.reduced = reduced;
        std::string out;
        write_pgn(b.game, out, o);
        // Movetext lines stay within 80 columns (characters, not bytes: an upper bound of
        // the display width the writer wraps by) unless one word is longer.
        std::size_t start = out.find("\n\n") + 2;
        while (start < out.size()) {
          std::size_t end = out.find('\n', start);
          std::string_view l(out.data() + start, end - start);
          const auto chars = std::count_if(l.begin(), l.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
          if (chars > 80) {
            EXPECT_EQ(l.find(' '), std::string_view::npos) << where << ": " << l;
          }
          start = end + 1;
        }
        pgn::Replayed again = pgn::build_game(raw_game(out));
        ASSERT_TRUE(again.ok()) << where << "\n" << out;
        std::string out2;
        write_pgn(again.game, out2, o);
        ASSERT_EQ(out, out2) << where;
        if (!reduced) expect_same_tree(b.game, again.game, where);
        ASSERT_TRUE(pgn::check_game(raw_game(out), pgn::ReplayOptions{}).valid) << where;
      }
    }
  }
  EXPECT_GE(files.size(), 88u);  // 95 today
  EXPECT_GE(games, 2900u);        // 3068 today
  EXPECT_GE(written, 2900u);      // 3063 today
}

TEST(PgnWriterCorpus, BuilderAgreesWithValidate) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus not available";
  const auto files = corpus_files({"pgn/valid", "pgn/lenient", "pgn/invalid", "pgn/chess960", "pgn/variants", "archives"});
  std::size_t games = 0;
  for (const auto& file : files) {
    for (const pgn::RawGame& g : writer_games_of(file)) {
      ++games;
      EXPECT_EQ(pgn::build_game(g).ok(), pgn::check_game(g, pgn::ReplayOptions{}).valid) << file << " game " << g.index;
    }
  }
  EXPECT_GE(files.size(), 105u);  // 116 today
  EXPECT_GE(games, 2950u);        // 3106 today
}

TEST(PgnWriterCorpus, FastUciEqualsToUci) {
  if (!chesstool::testing::corpus_available()) GTEST_SKIP() << "corpus not available";
  const auto files = corpus_files({"pgn/valid", "pgn/lenient", "pgn/chess960", "archives"});
  std::size_t compared = 0;
  for (const auto& file : files) {
    for (const pgn::RawGame& g : writer_games_of(file)) {
      pgn::Replayed b = pgn::build_game(g);
      if (!b.ok()) continue;
      ++compared;
      std::string fast, slow;
      write_uci_line(b.game, fast);
      Position pos = b.game.start;
      for (const pgn::Node& n : b.game.moves) {
        if (!slow.empty()) slow += ' ';
        slow += to_uci(pos, n.move);
        pos.make_move(n.move);
      }
      ASSERT_EQ(fast, slow) << file << " game " << g.index;
    }
  }
  EXPECT_GE(files.size(), 88u);  // 95 today
  EXPECT_GE(compared, 2900u);     // 3063 today
}


// A game the Replayer builds from text, which must be valid.
pgn::Game writer_build(const std::string& text) {
  pgn::Replayed b = pgn::build_game(raw_game(text));
  EXPECT_TRUE(b.ok()) << text;
  return std::move(b.game);
}

// The line formats of convert (UCI, LAN, FEN, EPD), also written by output/pgn_writer.
TEST(PgnWriterLines, EpdWithOperations) {
  const FenResult r = parse_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 5 40");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(output::to_epd(r.position), "4k3/8/8/8/8/8/4P3/4K3 w - - hmvc 5; fmvn 40;");
  EXPECT_EQ(output::to_epd(r.position, "id \"x; y\"; bm e4; "),
            "4k3/8/8/8/8/8/4P3/4K3 w - - id \"x; y\"; bm e4; hmvc 5; fmvn 40;");
}

TEST(PgnWriterLines, UciLanFenEpd) {
  pgn::Game g = writer_build("[Result \"1-0\"]\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Bc5 5. d4 exd4 6. e5 d5 7. exd6 *");
  std::string uci, lan, fen, epd;
  output::write_uci_line(g, uci);
  output::write_lan_line(g, lan);
  output::write_fen_lines(g, fen);
  output::write_epd_lines(g, epd);
  EXPECT_EQ(uci, "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5 d2d4 e5d4 e4e5 d7d5 e5d6");
  EXPECT_EQ(lan, "e2-e4 e7-e5 Ng1-f3 Nb8-c6 Bf1-c4 Ng8-f6 O-O Bf8-c5 d2-d4 e5xd4 e4-e5 d7-d5 e5xd6");
  EXPECT_EQ(std::count(fen.begin(), fen.end(), '\n'), 14);
  EXPECT_EQ(fen.substr(0, fen.find('\n')), kStartFen);
  EXPECT_EQ(fen.substr(fen.rfind('\n', fen.size() - 2) + 1), "r1bqk2r/ppp2ppp/2nP1n2/2b5/2Bp4/5N2/PPP2PPP/RNBQ1RK1 b kq - 0 7\n");
  EXPECT_EQ(epd.substr(0, epd.find('\n')), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;");
  EXPECT_NE(epd.find("2nP1n2/2b5/2Bp4/5N2/PPP2PPP/RNBQ1RK1 b kq - hmvc 0; fmvn 7;\n"), std::string::npos);
}

TEST(PgnWriterLines, PromotionAndChess960Castling) {
  pgn::Game q = writer_build("[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n1. b8=N *");
  std::string uci, lan;
  output::write_uci_line(q, uci);
  output::write_lan_line(q, lan);
  EXPECT_EQ(uci, "b7b8n");
  EXPECT_EQ(lan, "b7-b8=N");
  pgn::Game c = writer_build("[Variant \"Chess960\"]\n[FEN \"5k2/8/8/8/8/8/8/5K1R w H - 0 1\"]\n1. O-O *");
  uci.clear();
  output::write_uci_line(c, uci);
  EXPECT_EQ(uci, "f1h1");  // king takes rook
  pgn::Game s = writer_build("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *");
  uci.clear();
  output::write_uci_line(s, uci);
  EXPECT_EQ(uci.substr(uci.rfind(' ') + 1), "e1g1");
  // Appended after what the string holds, moves one space apart, nothing after the last.
  uci = "id: ";
  output::write_uci_line(q, uci);
  output::write_uci_line(s, uci);
  EXPECT_EQ(uci, "id: b7b8ne2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
  pgn::Game none = writer_build("*");
  uci.clear();
  output::write_uci_line(none, uci);
  EXPECT_EQ(uci, "");
}

}  // namespace
}  // namespace chesstool::output
