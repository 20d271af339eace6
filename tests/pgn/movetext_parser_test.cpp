// SPDX-License-Identifier: MIT
// Tests for pgn/movetext_parser: tokens, locations and syntax problem codes of one game.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "pgn/game_splitter.hpp"
#include "pgn/movetext_parser.hpp"
#include "io/source.hpp"

namespace chesstool::pgn {
namespace {

std::string at(const SourceLoc& l) { return " @" + std::to_string(l.line) + ":" + std::to_string(l.column); }

// Records every event as one readable line, e.g. "san e4 @1:4".
class ParserRecorder : public Visitor {
 public:
  std::vector<std::string> events;
  std::vector<std::string> problems;  // "E code @L:C"
  std::vector<SourceLoc> problem_locs;
  std::vector<std::string> problem_tokens;

  void tag(std::string_view name, std::string_view value, const SourceLoc& l) override {
    events.push_back("tag " + std::string(name) + "=" + std::string(value) + at(l));
  }
  void begin_movetext() override { events.emplace_back("begin"); }
  void move_number(std::uint32_t n, bool black, const SourceLoc& l) override {
    events.push_back("num " + std::to_string(n) + (black ? " b" : " w") + at(l));
  }
  void san(std::string_view token, const SourceLoc& l) override { events.push_back("san " + std::string(token) + at(l)); }
  // The token as written, after the code when it is not "$code" (a glyph).
  void nag(int code, std::string_view written, const SourceLoc& l) override {
    const std::string number = std::to_string(code);
    events.push_back("nag " + number + (written == "$" + number ? "" : " " + std::string(written)) + at(l));
  }
  void comment(std::string_view text, const SourceLoc& l) override {
    events.push_back("comment {" + std::string(text) + "}" + at(l));
  }
  void begin_variation(const SourceLoc& l) override { events.push_back(std::string("(").append(at(l))); }
  void end_variation(const SourceLoc& l) override { events.push_back(std::string(")").append(at(l))); }
  void result(std::string_view token, const SourceLoc& l) override { events.push_back("result " + std::string(token) + at(l)); }
  void problem(Severity s, std::string_view code, std::string message, const SourceLoc& l, std::string_view token) override {
    const std::string p = std::string(s == Severity::Error ? "E " : "W ") + std::string(code) + at(l);
    problems.push_back(p);
    problem_locs.push_back(l);
    problem_tokens.emplace_back(token);
    events.push_back("problem " + p);
    EXPECT_FALSE(message.empty());
  }
  void end_game() override { events.emplace_back("end"); }

  std::vector<std::string> only(std::string_view prefix) const {
    std::vector<std::string> out;
    for (const auto& e : events) {
      if (e.rfind(prefix, 0) == 0) out.push_back(e);
    }
    return out;
  }
};

RawGame parser_game_of(std::string text) {
  RawGame g;
  g.text = std::move(text);
  g.index = 1;
  g.line = 1;
  g.column = 1;
  g.byte_offset = 0;
  return g;
}

ParserRecorder parse_recorded(std::string text) {
  ParserRecorder r;
  parse_game(parser_game_of(std::move(text)), r);
  return r;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(MovetextParser, SameTagNameIsExactEquality) {
  const std::vector<std::string_view> names = {"", "E", "Event", "event", "Eventx", "Round", "White", "Whitf", "Black", "FEN"};
  for (std::string_view a : names)
    for (std::string_view b : names) EXPECT_EQ(same_tag_name(a, b), a == b) << "'" << a << "' '" << b << "'";
}

TEST(MovetextParser, ReportsTagsMovesAndResultInOrder) {
  const ParserRecorder r = parse_recorded("[Event \"Test\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 $1 {good} Nc6 1-0");
  const std::vector<std::string> expected = {
      "tag Event=Test @1:1", "tag White=A @2:1", "begin",           "num 1 w @4:1",  "san e4 @4:4",
      "san e5 @4:7",         "num 2 w @4:10",    "san Nf3 @4:13",   "nag 1 @4:17",   "comment {good} @4:20",
      "san Nc6 @4:27",       "result 1-0 @4:31", "end"};
  EXPECT_EQ(r.events, expected);
  EXPECT_TRUE(r.problems.empty());
}

TEST(MovetextParser, BeginMovetextIsSentEvenWithoutMovetext) {
  const ParserRecorder r = parse_recorded("[Event \"x\"]");
  const std::vector<std::string> expected = {"tag Event=x @1:1", "begin", "problem W missing-result @1:12", "end"};
  EXPECT_EQ(r.events, expected);
}

TEST(MovetextParser, SeveralTagsOnOneLineAndLooseWhitespace) {
  const ParserRecorder r = parse_recorded("[ Event\"x\" ] [Site  \"y\"][Date \"2024\"]\t*");
  EXPECT_EQ(r.only("tag"), (std::vector<std::string>{"tag Event=x @1:1", "tag Site=y @1:14", "tag Date=2024 @1:25"}));
  EXPECT_TRUE(r.problems.empty());
  EXPECT_TRUE(contains(r.events, "result * @1:39"));
}

TEST(MovetextParser, UnescapesQuoteAndBackslashInTagValue) {
  const ParserRecorder r = parse_recorded("[Event \"say \\\"hi\\\" ] \\\\ end\"]\n*");
  EXPECT_EQ(r.only("tag"), std::vector<std::string>{"tag Event=say \"hi\" ] \\ end @1:1"});
  EXPECT_TRUE(r.problems.empty());
}

TEST(MovetextParser, RepairsDoubledQuotesInTagValue) {
  const ParserRecorder r = parse_recorded("[White \"\"Name\"\"]\n[Black \"B\"]\n*");
  EXPECT_EQ(r.only("tag"), (std::vector<std::string>{"tag White=\"Name\" @1:1", "tag Black=B @2:1"}));
  EXPECT_EQ(r.problems, std::vector<std::string>{"W malformed-tag @1:1"});
}

TEST(MovetextParser, RepairsTagWithoutClosingBracket) {
  const ParserRecorder r = parse_recorded("[White \"Name\"\n1. e4 *");
  EXPECT_EQ(r.only("tag"), std::vector<std::string>{"tag White=Name @1:1"});
  EXPECT_EQ(r.problems, std::vector<std::string>{"W malformed-tag @1:1"});
  EXPECT_TRUE(contains(r.events, "san e4 @2:4"));
  EXPECT_TRUE(contains(r.events, "result * @2:7"));
}

TEST(MovetextParser, RepairsTagWithoutClosingQuote) {
  const ParserRecorder r = parse_recorded("[White \"Name]\n*");
  EXPECT_EQ(r.only("tag"), std::vector<std::string>{"tag White=Name @1:1"});
  EXPECT_EQ(r.problems, std::vector<std::string>{"W malformed-tag @1:1"});
}

TEST(MovetextParser, UnquotedTagValueIsKeptWithWarning) {
  const ParserRecorder r = parse_recorded("[Round 3]\n*");
  EXPECT_EQ(r.only("tag"), std::vector<std::string>{"tag Round=3 @1:1"});
  EXPECT_EQ(r.problems, std::vector<std::string>{"W malformed-tag @1:1"});
}

TEST(MovetextParser, TagWithoutNameIsAnError) {
  const ParserRecorder r = parse_recorded("[ \"x\"]\n*");
  EXPECT_TRUE(r.only("tag").empty());
  EXPECT_EQ(r.problems, std::vector<std::string>{"E malformed-tag @1:1"});
}

TEST(MovetextParser, DuplicateTagIsAWarningAndBothAreDelivered) {
  const ParserRecorder r = parse_recorded("[Event \"a\"]\n[Event \"b\"]\n*");
  EXPECT_EQ(r.only("tag").size(), 2u);
  EXPECT_EQ(r.problems, std::vector<std::string>{"W duplicate-tag @2:1"});
}

TEST(MovetextParser, TagNamesThatBecomeOneOnConversionAreADuplicate) {
  // "A\xFF" (Windows-1252) becomes "A\xC3\xBF", the name written next: one tag given twice,
  // said so (the second value vanished without a word). Both delivered, as converted.
  const ParserRecorder r = parse_recorded("[A\xFF \"1\"]\n[A\xC3\xBF \"2\"]\n*");
  EXPECT_EQ(r.only("tag"), (std::vector<std::string>{"tag A\xC3\xBF=1 @1:1", "tag A\xC3\xBF=2 @2:1"}));
  EXPECT_EQ(std::count(r.problems.begin(), r.problems.end(), "W duplicate-tag @2:1"), 1);
}

TEST(MovetextParser, NonstandardTagNameIsKeptWithWarning) {
  const ParserRecorder r = parse_recorded("[BlackType: \"program\"]\n*");
  EXPECT_EQ(r.only("tag"), std::vector<std::string>{"tag BlackType:=program @1:1"});
  EXPECT_EQ(r.problems, std::vector<std::string>{"W invalid-tag-name @1:1"});
}

TEST(MovetextParser, PlainTagPairsReadAsTheGeneralTagReaderReadsThem) {
  // "[Name "value"]" takes a one-pass path; a blank after '[' sends the same tag through
  // the general reader, which skips it silently. Both must give the same tag and the same
  // problems, for every mix of these pieces (near misses of the plain shape included).
  const std::string names[] = {"Event", "White_2", "x", "Bad-Name", "Caf\xC3\xA9", ""};
  const std::string gaps[] = {" ", "  ", "\t", ""};
  const std::string values[] = {"\"Carlsen, Magnus\"", "\"\"", "\"say \\\"hi\\\"\"", "\"a]b\"", "\"Jos\xE9\"",
                                "\"open", "3", "\"\"Name\"\"", "\"ends in \\\\\""};
  const std::string ends[] = {"]", " ]", "", "]]"};
  int plain = 0, compared = 0;
  for (const auto& name : names)
    for (const auto& gap : gaps)
      for (const auto& value : values)
        for (const auto& end : ends) {
          const std::string pair = name + gap + value + end;
          const ParserRecorder fast = parse_recorded("[" + pair + "\n*");
          const ParserRecorder general = parse_recorded("[ " + pair + "\n*");
          std::vector<std::string> fast_codes, general_codes;
          for (const auto& p : fast.problems) fast_codes.push_back(p.substr(0, p.find(" @")));
          for (const auto& p : general.problems) general_codes.push_back(p.substr(0, p.find(" @")));
          ASSERT_EQ(fast.only("tag"), general.only("tag")) << pair;
          ASSERT_EQ(fast_codes, general_codes) << pair;
          ++compared;
          plain += fast.problems.empty() && !fast.only("tag").empty() ? 1 : 0;
        }
  EXPECT_EQ(compared, 6 * 4 * 9 * 4);
  EXPECT_GT(plain, 6);  // the plain shape itself was among them
}

// The plain move number ("12.", "12..." before a blank or a line end) has a path of its
// own; around its edges (nine digits and ten, a tab, a comment or a move glued to the
// periods, the end of the text) it must read as the general one does.
TEST(MovetextParser, MoveNumberEdgesOfThePlainForm) {
  const ParserRecorder r =
      parse_recorded("999999999. e4 0000000001... e5 4294967295.\n2.\tNf3 2..{c} Nc6 3.Bb5 4294967296. a6 5.");
  const std::vector<std::string> expected = {
      "num 999999999 w @1:1", "san e4 @1:12",  "num 1 b @1:15",   "san e5 @1:29",
      "num 4294967295 w @1:32", "num 2 w @2:1", "san Nf3 @2:4",  "num 2 b @2:8",
      "san Nc6 @2:15",        "num 3 w @2:19", "san Bb5 @2:21",  "san a6 @2:37",
      "num 5 w @2:40"};
  std::vector<std::string> got;
  for (const auto& e : r.events)
    if (e.rfind("num", 0) == 0 || e.rfind("san", 0) == 0) got.push_back(e);
  EXPECT_EQ(got, expected);
  EXPECT_EQ(r.problems, (std::vector<std::string>{"W move-number-out-of-range @2:25", "W missing-result @2:42"}));
}

TEST(MovetextParser, MoveNumberForms) {
  const ParserRecorder r = parse_recorded("1. e4 1... e5 2.Nf3 2...Nc6 3 Bb5 4. ... a6 12... Ba4 *");
  const std::vector<std::string> expected = {
      "num 1 w @1:1",   "san e4 @1:4",    "num 1 b @1:7",  "san e5 @1:12",   "num 2 w @1:15",
      "san Nf3 @1:17",  "num 2 b @1:21",  "san Nc6 @1:25", "num 3 w @1:29",  "san Bb5 @1:31",
      "num 4 w @1:35",  "san a6 @1:42",   "num 12 b @1:45", "san Ba4 @1:51"};
  std::vector<std::string> got;
  for (const auto& e : r.events) {
    if (e.rfind("num", 0) == 0 || e.rfind("san", 0) == 0) got.push_back(e);
  }
  EXPECT_EQ(got, expected);
  EXPECT_TRUE(r.problems.empty());
}

TEST(MovetextParser, SanTokensArePassedVerbatim) {
  const ParserRecorder r = parse_recorded("Nf3+!? exd6e.p. O-O 0-0-0 O-O-O# -- Z0 e8=Q# Qh4xe1 N@f3 e2-e4 Rd1:d7 aaa *");
  const std::vector<std::string> expected = {
      "san Nf3+!? @1:1",  "san exd6e.p. @1:8", "san O-O @1:17",   "san 0-0-0 @1:21", "san O-O-O# @1:27",
      "san -- @1:34",     "san Z0 @1:37",      "san e8=Q# @1:40", "san Qh4xe1 @1:46", "san N@f3 @1:53",
      "san e2-e4 @1:58",  "san Rd1:d7 @1:64",  "san aaa @1:71"};
  EXPECT_EQ(r.only("san"), expected);
  EXPECT_TRUE(r.problems.empty());
  EXPECT_TRUE(contains(r.events, "result * @1:75"));
}

TEST(MovetextParser, CastlingWithZerosIsNotAResult) {
  const ParserRecorder r = parse_recorded("0-0 0-0-0 0-1");
  EXPECT_EQ(r.only("san"), (std::vector<std::string>{"san 0-0 @1:1", "san 0-0-0 @1:5"}));
  EXPECT_EQ(r.only("result"), std::vector<std::string>{"result 0-1 @1:11"});
}

TEST(MovetextParser, EnPassantWrittenApartIsJoinedToItsMove) {
  const ParserRecorder r = parse_recorded("5. exd6 e.p. Qxd6 *");
  EXPECT_EQ(r.only("san"), (std::vector<std::string>{"san exd6e.p. @1:4", "san Qxd6 @1:14"}));
  EXPECT_TRUE(r.problems.empty());
}

TEST(MovetextParser, EnPassantNotAfterAMoveIsUnexpected) {
  const ParserRecorder r = parse_recorded("exd6 {x} e.p. *");
  EXPECT_EQ(r.only("san"), std::vector<std::string>{"san exd6 @1:1"});
  EXPECT_EQ(r.problems, std::vector<std::string>{"E unexpected-token @1:10"});
}

TEST(MovetextParser, StandAloneGlyphsBecomeNags) {
  const ParserRecorder r = parse_recorded("e4 ! e5 ?? Nf3 !? Nc6 ?! Bb5 $14 a6 !!! *");
  EXPECT_EQ(r.only("nag"), (std::vector<std::string>{"nag 1 ! @1:4", "nag 4 ?? @1:9", "nag 5 !? @1:16", "nag 6 ?! @1:23",
                                                     "nag 14 @1:30"}));
  EXPECT_EQ(r.problems, std::vector<std::string>{"E unexpected-token @1:37"});
}

TEST(MovetextParser, MalformedNags) {
  const ParserRecorder r = parse_recorded("e4 $ e5 $x Nf3 $300 *");
  EXPECT_EQ(r.only("nag"), std::vector<std::string>{"nag 300 @1:16"});
  EXPECT_EQ(r.problems, (std::vector<std::string>{"E malformed-nag @1:4", "E malformed-nag @1:9",
                                                  "W malformed-nag @1:16"}));
  EXPECT_EQ(r.only("san").size(), 3u);
}

TEST(MovetextParser, BraceAndSemicolonComments) {
  const ParserRecorder r = parse_recorded("1. e4 {multi\nline [%eval 0.2] ( 1-0} e5 ; rest of line 0-1\n2. Nf3 *");
  EXPECT_EQ(r.only("comment"), (std::vector<std::string>{"comment {multi\nline [%eval 0.2] ( 1-0} @1:7",
                                                         "comment { rest of line 0-1} @2:28"}));
  EXPECT_TRUE(contains(r.events, "san e5 @2:25"));
  EXPECT_TRUE(contains(r.events, "san Nf3 @3:4"));
  EXPECT_TRUE(r.problems.empty());
}

TEST(MovetextParser, CommentsBeforeTagsComeAfterBeginMovetext) {
  const ParserRecorder r = parse_recorded("{intro}\n[Event \"x\"]\n1. e4 *");
  const std::vector<std::string> expected = {"tag Event=x @2:1", "begin", "comment {intro} @1:1", "num 1 w @3:1",
                                             "san e4 @3:4",      "result * @3:7", "end"};
  EXPECT_EQ(r.events, expected);
}

TEST(MovetextParser, EscapeLinesAreIgnored) {
  const ParserRecorder r = parse_recorded("[Event \"x\"]\n%ignored e4 ( {\n1. e4 %not-an-escape *");
  EXPECT_EQ(r.only("san"), std::vector<std::string>{"san e4 @3:4"});
  EXPECT_EQ(r.problems, std::vector<std::string>{"E unexpected-token @3:7"});
}

TEST(MovetextParser, UnterminatedCommentRunsToEndOfGame) {
  const ParserRecorder r = parse_recorded("1. e4 { never closed\n2. d4 *");
  EXPECT_EQ(r.only("comment"), std::vector<std::string>{"comment { never closed\n2. d4 *} @1:7"});
  EXPECT_EQ(r.problems, (std::vector<std::string>{"E unterminated-comment @1:7", "W missing-result @2:8"}));
}

TEST(MovetextParser, VariationsNestAndBalance) {
  const ParserRecorder r = parse_recorded("1. e4 (1. d4 (1. c4) 1... d5) e5 *");
  EXPECT_EQ(r.only("("), (std::vector<std::string>{"( @1:7", "( @1:14"}));
  EXPECT_EQ(r.only(")"), (std::vector<std::string>{") @1:20", ") @1:29"}));
  EXPECT_TRUE(r.problems.empty());
}

TEST(MovetextParser, TenThousandNestedVariationsNeedNoRecursion) {
  constexpr int kDepth = 10000;
  std::string text = "1. e4 ";
  for (int i = 0; i < kDepth; ++i) text += "( 1. d4 ";
  for (int i = 0; i < kDepth; ++i) text += ") ";
  text += "*";
  const ParserRecorder r = parse_recorded(text);
  EXPECT_EQ(r.only("(").size(), static_cast<std::size_t>(kDepth));
  EXPECT_EQ(r.only(")").size(), static_cast<std::size_t>(kDepth));
  EXPECT_TRUE(r.problems.empty());

  // The same, never closed: one problem, and the visitor still gets balanced events.
  std::string open = "1. e4 ";
  for (int i = 0; i < kDepth; ++i) open += "(1. d4 ";
  const ParserRecorder u = parse_recorded(open);
  EXPECT_EQ(u.only(")").size(), static_cast<std::size_t>(kDepth));
  EXPECT_EQ(u.problems, (std::vector<std::string>{"E unbalanced-variation @1:7", "W missing-result @1:70007"}));
}

TEST(MovetextParser, UnmatchedCloseParenIsSkipped) {
  const ParserRecorder r = parse_recorded("1. e4 (1. d4)) e5 ) *");
  EXPECT_EQ(r.problems, (std::vector<std::string>{"E unbalanced-variation @1:14", "E unbalanced-variation @1:19"}));
  EXPECT_EQ(r.only(")").size(), 1u);
  EXPECT_TRUE(contains(r.events, "san e5 @1:16"));
  EXPECT_TRUE(contains(r.events, "result * @1:21"));
}

TEST(MovetextParser, UnclosedVariationsBeforeFinalResultAreReportedOnce) {
  const ParserRecorder r = parse_recorded("((( 1. c4 *");
  EXPECT_EQ(r.problems, std::vector<std::string>{"E unbalanced-variation @1:1"});
  EXPECT_EQ(r.only(")").size(), 3u);
  EXPECT_EQ(r.only("result"), std::vector<std::string>{"result * @1:11"});
  EXPECT_EQ(r.events[r.events.size() - 2], "result * @1:11");  // after the closing events
}

TEST(MovetextParser, ResultInsideVariationFollowedByMovesIsIgnored) {
  const ParserRecorder r = parse_recorded("1. e4 (1. d4 1-0) e5 0-1");
  EXPECT_EQ(r.problems, std::vector<std::string>{"W result-in-variation @1:14"});
  EXPECT_EQ(r.only("result"), std::vector<std::string>{"result 0-1 @1:22"});
}

TEST(MovetextParser, JunkIsUnexpectedTokenWithExactLocation) {
  const ParserRecorder r = parse_recorded("[Event \"x\"]<br />[Site \"y\"]\n1. e4 e5\n2. Nf3 } \" *");
  EXPECT_EQ(r.only("tag").size(), 2u);  // junk in the tag section does not end it
  EXPECT_EQ(r.problems, (std::vector<std::string>{"E unexpected-token @1:12", "E unexpected-token @1:16",
                                                  "E unexpected-token @3:8", "E unexpected-token @3:10"}));
  EXPECT_EQ(r.problem_locs[2].byte_offset, 44u);
  EXPECT_EQ(r.problem_tokens, (std::vector<std::string>{"<br", "/>", "}", "\""}));
}

TEST(MovetextParser, TagPairInsideMovetextIsUnexpected) {
  const ParserRecorder r = parse_recorded("1. e4 [Event \"x ] y\"] e5 *");
  EXPECT_EQ(r.problems, std::vector<std::string>{"E unexpected-token @1:7"});
  EXPECT_EQ(r.problem_tokens, std::vector<std::string>{"[Event \"x ] y\"]"});
  EXPECT_EQ(r.only("san"), (std::vector<std::string>{"san e4 @1:4", "san e5 @1:23"}));
}

TEST(MovetextParser, LoneDotIsUnexpected) {
  const ParserRecorder r = parse_recorded("1. . .");
  EXPECT_EQ(r.problems, (std::vector<std::string>{"E unexpected-token @1:4", "E unexpected-token @1:6",
                                                  "W missing-result @1:7"}));
}

TEST(MovetextParser, TextAfterResultIsReportedOnce) {
  const ParserRecorder r = parse_recorded("1. e4 1-0 e5 2. Nf3 *");
  EXPECT_EQ(r.problems, std::vector<std::string>{"E text-after-result @1:11"});
  EXPECT_EQ(r.problem_tokens, std::vector<std::string>{"e5 2. Nf3 *"});  // the text ignored
  EXPECT_EQ(r.only("san"), std::vector<std::string>{"san e4 @1:4"});
  EXPECT_EQ(r.only("result"), std::vector<std::string>{"result 1-0 @1:7"});
}

TEST(MovetextParser, EveryProblemAboutSomeTextHasThatTextAsItsToken) {
  const ParserRecorder r = parse_recorded("[Event \"x\"]\n[Event \"y\"]\n[Bad-Name \"z\"]\n[Foo \"\"x\"\"]\n\n"
                                          "1. e4 $300 $x ) (e5 1-0 e6 { open\n");
  EXPECT_EQ(r.problems, (std::vector<std::string>{"W duplicate-tag @2:1", "W invalid-tag-name @3:1",
                                                  "W malformed-tag @4:1", "W malformed-nag @6:7", "E malformed-nag @6:12",
                                                  "E unbalanced-variation @6:15", "W result-in-variation @6:21",
                                                  "E unterminated-comment @6:28", "E unbalanced-variation @6:17",
                                                  "W missing-result @7:1"}));
  EXPECT_EQ(r.problem_tokens, (std::vector<std::string>{"Event", "Bad-Name", "Foo", "$300", "$x", ")", "1-0",
                                                        "{ open\n", "(", ""}));
}

TEST(MovetextParser, MissingResultIsAWarningAtTheEnd) {
  const ParserRecorder r = parse_recorded("1. e4 e5\n2. Nf3");
  EXPECT_EQ(r.problems, std::vector<std::string>{"W missing-result @2:7"});
}

TEST(MovetextParser, Latin1TagIsConvertedWithWarningAtTheBadByte) {
  RawGame g = parser_game_of("[Event \"x\"]\n[White \"M\xFCller\"]\n[Black \"Gr\xC3\xBC\xC3\x9F\"] {Zug \xE4} *");
  g.line = 10;
  g.byte_offset = 1000;
  ParserRecorder r;
  parse_game(g, r);
  EXPECT_EQ(r.problems, std::vector<std::string>{"W invalid-utf8 @11:10"});
  ASSERT_EQ(r.problem_locs.size(), 1u);
  EXPECT_EQ(r.problem_locs[0].byte_offset, 1000u + 21u);
  EXPECT_TRUE(contains(r.events, "tag White=M\xC3\xBCller @11:1"));
  EXPECT_TRUE(contains(r.events, "tag Black=Gr\xC3\xBC\xC3\x9F @12:1"));  // valid UTF-8 is left alone
  EXPECT_TRUE(contains(r.events, "comment {Zug \xC3\xA4} @12:18"));
}

TEST(MovetextParser, NulByteIsAnError) {
  const ParserRecorder r = parse_recorded(std::string("1. e4 e\0 5 *", 12));
  EXPECT_EQ(r.problems, std::vector<std::string>{"E nul-byte @1:8"});
  EXPECT_TRUE(contains(r.events, "result * @1:12"));
}

// A NUL separates tokens as a blank does (detail::kByteClass), inside the text as at its
// end, where the NUL a std::string keeps stops a symbol: no token holds one, and the
// game's nul-byte error reports them all.
TEST(MovetextParser, NulBytesSeparateTokens) {
  ParserRecorder r = parse_recorded(std::string("1. e4 e5\0\0", 10));
  EXPECT_EQ(r.problems, (std::vector<std::string>{"E nul-byte @1:9", "W missing-result @1:11"}));
  EXPECT_TRUE(contains(r.events, "san e4 @1:4"));
  EXPECT_TRUE(contains(r.events, "san e5 @1:7"));
  r = parse_recorded(std::string("1. e4 \0e5 *", 11));
  EXPECT_EQ(r.problems, std::vector<std::string>{"E nul-byte @1:7"});
  EXPECT_TRUE(contains(r.events, "san e5 @1:8"));
  EXPECT_TRUE(contains(r.events, "result * @1:11"));
  r = parse_recorded(std::string("1. e4 \0", 7));
  EXPECT_EQ(r.problems, (std::vector<std::string>{"E nul-byte @1:7", "W missing-result @1:8"}));
  r = parse_recorded("1. e4 *   ");
  EXPECT_TRUE(r.problems.empty());
  EXPECT_TRUE(contains(r.events, "result * @1:7"));
  // A marker glued to a NUL is a marker, as the splitter reads it (it ends the game there).
  r = parse_recorded(std::string("1. e4\0" "1-0\0", 10));
  EXPECT_EQ(r.problems, std::vector<std::string>{"E nul-byte @1:6"});
  EXPECT_TRUE(contains(r.events, "san e4 @1:4"));
  EXPECT_TRUE(contains(r.events, "result 1-0 @1:7"));
  r = parse_recorded(std::string("1. e4 $1\0 e5 *", 14));
  EXPECT_EQ(r.problems, std::vector<std::string>{"E nul-byte @1:9"});
  EXPECT_TRUE(contains(r.events, "san e5 @1:11"));
}

TEST(MovetextParser, CountsCrlfAndLoneCrLines) {
  const ParserRecorder r = parse_recorded("[Event \"x\"]\r\n\r\n1. e4\re5\r\n\r2. Nf3\n\r*");
  EXPECT_TRUE(contains(r.events, "san e4 @3:4"));
  EXPECT_TRUE(contains(r.events, "san e5 @4:1"));
  EXPECT_TRUE(contains(r.events, "san Nf3 @6:4"));
  EXPECT_TRUE(contains(r.events, "result * @8:1"));
}

TEST(MovetextParser, TabsCountAsOneColumn) {
  const ParserRecorder r = parse_recorded("[Event\t\"x\"]\n1.\te4\t\te5 *");
  EXPECT_EQ(r.only("tag"), std::vector<std::string>{"tag Event=x @1:1"});
  EXPECT_TRUE(contains(r.events, "san e4 @2:4"));
  EXPECT_TRUE(contains(r.events, "san e5 @2:8"));
}

TEST(MovetextParser, GameStartingMidLineUsesSourceColumns) {
  io::ByteSource src = io::ByteSource::from_memory("f3 e5 g4 Qh4 0-1 e4 e5 1-0\n");
  GameSplitter splitter(src);
  RawGame g;
  ASSERT_TRUE(splitter.next(g));
  ASSERT_TRUE(splitter.next(g));
  ParserRecorder r;
  parse_game(g, r);
  EXPECT_EQ(r.only("san"), (std::vector<std::string>{"san e4 @1:18", "san e5 @1:21"}));
  EXPECT_EQ(r.only("result"), std::vector<std::string>{"result 1-0 @1:24"});
}

TEST(MovetextParser, BomDoesNotShiftColumnsButCountsInOffsets) {
  io::ByteSource src = io::ByteSource::from_memory("\xEF\xBB\xBF[Event \"x\"] 1. e4 *");
  GameSplitter splitter(src);
  RawGame g;
  ASSERT_TRUE(splitter.next(g));
  ParserRecorder r;
  parse_game(g, r);
  EXPECT_EQ(r.only("tag"), std::vector<std::string>{"tag Event=x @1:1"});
  EXPECT_TRUE(contains(r.events, "san e4 @1:16"));
  EXPECT_TRUE(r.problems.empty());
}

TEST(MovetextParser, AResultSymbolEndsAtABomGluedToIt) {
  // "1-0" and a BOM (a file joined by cat) read as '*' and a BOM are: the marker, then
  // the BOM, which is no token, so the parser agrees with the splitter on the marker.
  const ParserRecorder star = parse_recorded("1. e4 *\xEF\xBB\xBF");
  EXPECT_TRUE(star.problems.empty());
  for (const std::string marker : {"1-0", "0-1", "1/2-1/2"}) {
    const ParserRecorder r = parse_recorded("1. e4 " + marker + "\xEF\xBB\xBF");
    EXPECT_EQ(r.only("result"), std::vector<std::string>{"result " + marker + " @1:7"});
    EXPECT_TRUE(r.problems.empty()) << marker;
  }
  // A marker with only part of a BOM is one unexpected token.
  const ParserRecorder cut = parse_recorded("1. e4 1-0\xEF\xBB e5");
  EXPECT_TRUE(cut.only("result").empty());
  EXPECT_TRUE(contains(cut.problems, "E unexpected-token @1:7"));
}

TEST(MovetextParser, ABomEndsTheSymbolBeforeIt) {
  // Every symbol ends at a BOM, as a marker does. A BOM that does not start its line and
  // that the splitter left in the game (no tag pair follows it) is reported, so that the
  // game is copied whole rather than written back as another; its bytes count in the
  // line's columns.
  const ParserRecorder r = parse_recorded("1. e4\xEF\xBB\xBF" "e5\xEF\xBB\xBF $1\xEF\xBB\xBF" "2.\xEF\xBB\xBF" "Nf3 *");
  EXPECT_EQ(r.problems, (std::vector<std::string>{"E unexpected-token @1:6", "E unexpected-token @1:11",
                                                  "E unexpected-token @1:17", "E unexpected-token @1:22"}));
  EXPECT_EQ(r.only("san"), (std::vector<std::string>{"san e4 @1:4", "san e5 @1:9", "san Nf3 @1:25"}));
  EXPECT_EQ(r.only("nag"), std::vector<std::string>{"nag 1 @1:15"});
  EXPECT_EQ(r.only("result"), std::vector<std::string>{"result * @1:29"});
  // A 0xEF that begins no BOM is a byte of its symbol.
  const ParserRecorder other = parse_recorded("1. e4\xEF\xBC\x8B *");
  EXPECT_TRUE(contains(other.problems, "E unexpected-token @1:4"));
}

TEST(MovetextParser, ArbitraryBytesNeverCrash) {
  // A cheap deterministic fuzz: random bytes biased towards PGN punctuation.
  std::uint64_t state = 12345;
  const std::string alphabet = "[]{}()\";%$*.-/01e4Nx!?\\ \n\r\t\xEF\xBB\xBF\xFC";
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    const int len = static_cast<int>(state % 200);
    for (int i = 0; i < len; ++i) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      const auto pick = static_cast<std::size_t>(state >> 33);
      text.push_back(pick % 8 == 0 ? static_cast<char>(pick >> 8) : alphabet[pick % alphabet.size()]);
    }
    ParserRecorder r;
    parse_game(parser_game_of(text), r);
    ASSERT_FALSE(r.events.empty());
    EXPECT_EQ(r.events.back(), "end");
    EXPECT_EQ(std::count(r.events.begin(), r.events.end(), "begin"), 1);
    std::size_t opens = r.only("(").size();
    std::size_t closes = r.only(")").size();
    EXPECT_EQ(opens, closes) << text;
  }
}

TEST(MovetextParser, AtMostAThousandCommentsWaitForTheMovetext) {
  // Comments before the movetext are held, as a tag may follow them; the 1001st starts
  // the movetext, so a tag after it is a tag pair inside movetext.
  auto text_with = [](int comments) {
    std::string t = "[White \"W\"]\n";
    for (int i = 0; i < comments; ++i) t += "{c" + std::to_string(i) + "} ";
    return t + "\n[Black \"B\"]\n1. e4 *";
  };
  const ParserRecorder held = parse_recorded(text_with(1000));
  EXPECT_TRUE(held.problems.empty());
  EXPECT_EQ(held.only("tag").size(), 2u);
  ASSERT_EQ(held.only("comment").size(), 1000u);
  // Delivered after the begin, in their order, each at its place.
  const auto begin = std::find(held.events.begin(), held.events.end(), "begin");
  ASSERT_NE(begin, held.events.end());
  EXPECT_EQ(*(begin + 1), "comment {c0} @2:1");
  EXPECT_EQ(held.only("comment").back(), "comment {c999} @2:" + std::to_string(1 + 5 * 10 + 6 * 90 + 7 * 899));

  const ParserRecorder started = parse_recorded(text_with(1001));
  EXPECT_EQ(started.only("tag").size(), 1u);
  EXPECT_EQ(started.problems, std::vector<std::string>{"E unexpected-token @3:1"});
  EXPECT_EQ(started.only("comment").size(), 1001u);
  EXPECT_EQ(started.only("san"), std::vector<std::string>{"san e4 @4:4"});
}

TEST(MovetextParser, DuplicateTagsFoundAmongManyTags) {
  // Past kScannedTagNames names the parser's duplicate test is a hash set: the same
  // answers. 60 names, then a repeat of the first, of one added after the set took over,
  // and of the last; "t5" differs from "T5" by case, so is no duplicate.
  std::string text;
  for (int i = 0; i < 60; ++i) text += "[T" + std::to_string(i) + " \"v\"]\n";
  text += "[T0 \"again\"]\n[T45 \"again\"]\n[t5 \"x\"]\n[T59 \"again\"]\n\n1. e4 *";
  const ParserRecorder r = parse_recorded(text);
  EXPECT_EQ(r.problems,
            (std::vector<std::string>{"W duplicate-tag @61:1", "W duplicate-tag @62:1", "W duplicate-tag @64:1"}));
  EXPECT_EQ(r.only("tag").size(), 64u);  // duplicates are delivered too
}

}  // namespace
}  // namespace chesstool::pgn
