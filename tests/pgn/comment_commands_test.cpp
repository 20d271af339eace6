// SPDX-License-Identifier: MIT
// Tests for pgn/comment_commands; the lichess sample of the corpus as the real-world check.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "support/archive_support.hpp"
#include "pgn/comment_commands.hpp"
#include "pgn/replay.hpp"
#include "support/paths.hpp"

namespace chesstool::pgn {
namespace {

TEST(CommentCommands, ClocksEvalsArrowsAndTheRest) {
  auto d = parse_comment_commands(" [%eval 0.17] [%clk 0:05:00] ");
  EXPECT_EQ(d.clock, 300.0);
  ASSERT_TRUE(d.eval);
  EXPECT_EQ(d.eval->cp, 17);
  EXPECT_FALSE(d.eval->depth);
  EXPECT_EQ(d.text, "");
  d = parse_comment_commands("Zeitnot! [%clk 1:02:03.25] [%emt 0:00:12] [%eval -1.5,23]");
  EXPECT_EQ(d.clock, 3723.25);
  EXPECT_EQ(d.emt, 12.0);
  EXPECT_EQ(d.eval->cp, -150);
  EXPECT_EQ(d.eval->depth, 23);
  EXPECT_EQ(d.text, "Zeitnot!");
  d = parse_comment_commands("[%eval #-4] mate [%cal Ge2e4,Rd1d8] in [%csl Gd4,Yh8] four");
  EXPECT_EQ(d.eval->mate, -4);
  ASSERT_EQ(d.arrows.size(), 2u);
  EXPECT_EQ(d.arrows[1].color, 'R');
  EXPECT_EQ(d.arrows[1].from, "d1");
  EXPECT_EQ(d.arrows[1].to, "d8");
  ASSERT_EQ(d.highlights.size(), 2u);
  EXPECT_EQ(d.highlights[1].square, "h8");
  EXPECT_EQ(d.text, "mate in four");
}

TEST(CommentCommands, MalformedOrUnknownCommandsStayText) {
  auto d = parse_comment_commands("[%clk 5:xx] [%evp 1,2,3] [%cal Ge2e9] [%eval abc]");
  EXPECT_FALSE(d.has_commands());
  EXPECT_EQ(d.text, "[%clk 5:xx] [%evp 1,2,3] [%cal Ge2e9] [%eval abc]");
  d = parse_comment_commands("keep  these   spaces");  // no command: unchanged
  EXPECT_EQ(d.text, "keep  these   spaces");
  d = parse_comment_commands("[%clk 0:01:00] [%clk 5:xx]");
  EXPECT_EQ(d.clock, 60.0);
  EXPECT_EQ(d.text, "[%clk 5:xx]");
  d = parse_comment_commands("unclosed [%clk 0:01:00");
  EXPECT_FALSE(d.clock);
}

TEST(CommentCommands, ScanFindsTheClockAndTheFirstMalformedCommand) {
  // The clock as parse_comment_commands reads it, on the fast form and the others.
  for (const char* c : {"[%clk 0:05:00]", " [%eval 0.17] [%clk 0:05:00] ", "[% clk 0:05:00]", "[%clk 0:04:00] [%clk 0:05:00]",
                        "text [%clk 0:05:00.5] more", "[%clk 5:xx]", "no command", "[%clk 0:05:00", "[%clkx 0:05:00]",
                        // the whole comment lichess writes, as the lexer passes it (the blanks
                        // inside the braces kept), and texts of its length that are not it
                        " [%clk 0:05:00] ", " [%clk 0:05:00]", "[%clk 0:05:00] ", "  [%clk 0:05:00]", "[%clk 0:05:00]  ",
                        " [%clk 0:5:00] ", " [%clk 0:05:0x] ", " [%clk\t0:05:00] ", " [%clkk0:05:00] ", " [%clk 0:05:00} ",
                        " [%clk 0:05]:0] ", "[%emt 0:05:00]", " [%clk 10:05:00] ", "[%clk 0:05:00][%clk 0:06:00]"}) {
    const CommentScan scan = scan_comment(c);
    EXPECT_EQ(scan.clock, parse_comment_commands(c).clock) << c;
  }
  EXPECT_EQ(scan_comment(" [%clk 0:05:00] ").clock, 300.0);
  EXPECT_EQ(scan_comment(" [%clk 0:05:0x] ").malformed, std::vector<std::string_view>{"[%clk 0:05:0x]"});
  EXPECT_EQ(scan_comment("[%clk 1:02:03]").clock, 3723.0);
  EXPECT_TRUE(scan_comment("[%clk 1:02:03]").malformed.empty());
  EXPECT_EQ(scan_comment("[%clk 5:xx]").malformed, std::vector<std::string_view>{"[%clk 5:xx]"});
  EXPECT_EQ(scan_comment("[%eval 0.3] [%csl Gd4,Xz9] [%cal Ge2]").malformed,
            (std::vector<std::string_view>{"[%csl Gd4,Xz9]", "[%cal Ge2]"}));  // each of them
  EXPECT_EQ(scan_comment("[%clk 0:03:60] [%eval x]").malformed, (std::vector<std::string_view>{"[%clk 0:03:60]", "[%eval x]"}));
  EXPECT_EQ(scan_comment("[%eval #x]").malformed, std::vector<std::string_view>{"[%eval #x]"});
  EXPECT_EQ(scan_comment("[%emt 0:00:1x] [%clk 0:01:00]").malformed, std::vector<std::string_view>{"[%emt 0:00:1x]"});
  EXPECT_EQ(scan_comment("[%emt 0:00:1x] [%clk 0:01:00]").clock, 60.0);
  // Unknown commands and text that only looks like one are not malformed.
  EXPECT_TRUE(scan_comment("[%evp 1,2,3] [%foo]").malformed.empty());
  EXPECT_TRUE(scan_comment("[%clk 0:05:00").malformed.empty());
  EXPECT_TRUE(scan_comment("[%cal Ge2e4,Rd1d8] [%csl Gd4]").malformed.empty());
}

// Found by QA: board --arrow refused e2e2 while [%cal Ge2e2] was read as an arrow (and
// written to JSON, though board drew nothing for it). An arrow joins two squares.
TEST(CommentCommands, AnArrowFromASquareToItselfIsMalformed) {
  EXPECT_EQ(scan_comment("[%cal Ge2e2]").malformed, std::vector<std::string_view>{"[%cal Ge2e2]"});
  EXPECT_EQ(scan_comment("[%cal Ge2e4,Rd1d1]").malformed, std::vector<std::string_view>{"[%cal Ge2e4,Rd1d1]"});
  const CommentData d = parse_comment_commands("[%cal Ge2e2] note");
  EXPECT_TRUE(d.arrows.empty());
  EXPECT_EQ(d.text, "[%cal Ge2e2] note");  // kept as comment text, as any malformed command
  // Squares on one file or one rank are two squares all the same.
  EXPECT_EQ(parse_comment_commands("[%cal Ge2e3,Rd1h1]").arrows.size(), 2u);
}

// Found by QA: "[%clk 0:05:60]" read as 0:06:00 (and written back so), on lichess's fast
// path and the general one alike. Minutes and seconds run 0 to 59; the first field
// (hours, or the minutes of "M:SS") has no such limit. Whatever is not a clock stays text,
// a malformed-command for validate.
TEST(CommentCommands, MinutesAndSecondsOf60OrMoreAreNoClock) {
  for (const std::string t : {"0:05:60", "0:99:99", "0:04:75", "9:99:99", "0:60:00", "10:05:60", "0:05:60.5", "5:60",
                              "90:60", "0:05:99.0", "1:00:100"}) {
    for (const std::string name : {"clk", "emt"}) {
      const std::string command = "[%" + name + " " + t + "]";
      for (const std::string& c : {command, " " + command + " ", "text " + command, "[%eval 0.1] " + command}) {
        const CommentData d = parse_comment_commands(c);
        EXPECT_FALSE(d.clock || d.emt) << c;
        EXPECT_EQ(d.text, c.find("eval") == std::string::npos ? c : command) << c;  // as written
        const CommentScan scan = scan_comment(c);
        EXPECT_FALSE(scan.clock) << c;
        EXPECT_EQ(scan.malformed, std::vector<std::string_view>{command}) << c;
        EXPECT_NE(render_comment_commands(d).find(command), std::string::npos) << c;  // never rewritten
      }
    }
  }
  // Within range, both forms; the first field as large as it comes.
  const std::pair<const char*, double> clocks[] = {{"0:59:59", 3599}, {"59:59", 3599}, {"90:00", 5400}, {"0:00", 0},
                                                   {"100:59:59", 363599}, {"0:05:59.9", 359.9}, {"9:59:59", 35999}};
  for (const auto& [t, seconds] : clocks) {
    const std::string c = std::string("[%clk ") + t + "]";
    EXPECT_EQ(parse_comment_commands(c).clock, seconds) << c;
    EXPECT_EQ(scan_comment(c).clock, seconds) << c;
    EXPECT_TRUE(scan_comment(c).malformed.empty()) << c;
    if (std::string_view(t).size() == 7) {
      EXPECT_EQ(scan_comment(" " + c + " ").clock, seconds) << c;  // lichess's shape
    }
  }
}

// A comma at the end of a [%csl] or [%cal] list is an empty item, malformed as one at the
// start or doubled is; a blank between '%' and a command's name makes no command of it
// (it stays text as written, never rewritten as "[%clk ...]"), malformed when the name
// is one chesstool reads.
TEST(CommentCommands, TrailingCommaAndBlankAfterPercentAreMalformed) {
  for (const std::string c : {"[%csl Gd4,]", "[%cal Ge2e4,]", "[%csl ,Gd4]", "[%csl Gd4,,Re5]", "[%csl Gd4,Re5,]",
                              "[% clk 0:05:00]", "[%\tclk 0:05:00]", "[% eval 0.17]", "[% csl Gd4]", "[%  cal Ge2e4]",
                              "[% emt 0:00:05]"}) {
    const CommentData d = parse_comment_commands(c);
    EXPECT_FALSE(d.has_commands()) << c;
    EXPECT_EQ(d.text, c) << c;
    EXPECT_EQ(render_comment_commands(d), c) << c;
    const CommentScan scan = scan_comment(c);
    EXPECT_EQ(scan.malformed, std::vector<std::string_view>{c}) << c;
    EXPECT_FALSE(scan.clock) << c;
  }
  EXPECT_TRUE(scan_comment("[% foo bar]").malformed.empty());  // unknown, as [%foo bar]
  EXPECT_EQ(parse_comment_commands("[% foo bar]").text, "[% foo bar]");
  EXPECT_EQ(parse_comment_commands("[%csl Gd4,Re5]").highlights.size(), 2u);
}

TEST(CommentCommands, DurationsWrittenAsHMmSs) {
  EXPECT_EQ(format_duration(0), "0:00:00");
  EXPECT_EQ(format_duration(300), "0:05:00");
  EXPECT_EQ(format_duration(3723.25), "1:02:03.25");
  EXPECT_EQ(format_duration(7.5), "0:00:07.5");
  EXPECT_EQ(format_duration(0.1), "0:00:00.1");  // the shortest decimal, not 0.1000000000000000055
  EXPECT_EQ(format_duration(360000), "100:00:00");
  // Each reads back as the same number.
  for (double s : {0.0, 59.0, 60.0, 3599.9, 3723.25, 0.1, 12345.678})
    EXPECT_EQ(parse_comment_commands(std::string("[%clk ").append(format_duration(s)).append("]")).clock, s) << s;
}

TEST(CommentCommands, EvaluationsWrittenAsLichessDoes) {
  auto eval = [](std::optional<int> cp, std::optional<int> mate, std::optional<int> depth) {
    Eval e;
    e.cp = cp;
    e.mate = mate;
    e.depth = depth;
    return format_eval(e);
  };
  EXPECT_EQ(eval(17, {}, {}), "0.17");
  EXPECT_EQ(eval(0, {}, {}), "0.0");
  EXPECT_EQ(eval(10, {}, {}), "0.1");
  EXPECT_EQ(eval(-150, {}, {}), "-1.5");
  EXPECT_EQ(eval(-5, {}, {}), "-0.05");
  EXPECT_EQ(eval(1234, {}, 23), "12.34,23");
  EXPECT_EQ(eval({}, -4, {}), "#-4");
  EXPECT_EQ(eval({}, 3, 40), "#3,40");
  // And back: the same centipawns.
  for (int cp : {0, 1, -1, 10, -99, 100, 12345, -100000000})
    EXPECT_EQ(parse_comment_commands(std::string("[%eval ").append(eval(cp, {}, {})).append("]")).eval->cp, cp) << cp;
}

TEST(CommentCommands, RenderedInOneOrderAndReadBackTheSame) {
  const CommentData d = parse_comment_commands(
      "text first [%cal Ge2e4] [%clk 0:00:30] more [%csl Rd4] [%emt 0:00:02] [%eval #-2] [%cal Rd1d8]");
  const std::string canonical = render_comment_commands(d);
  EXPECT_EQ(canonical, "[%eval #-2] [%clk 0:00:30] [%emt 0:00:02] [%csl Rd4] [%cal Ge2e4,Rd1d8] text first more");
  EXPECT_EQ(render_comment_commands(parse_comment_commands(canonical)), canonical);  // a fixed point
  CommentData none;
  none.text = "only text";
  EXPECT_EQ(render_comment_commands(none), "only text");
}

TEST(CommentCommands, CommandsAcrossALineBreakAreRead) {
  // A writer may break a line between a command's name and its arguments.
  EXPECT_EQ(parse_comment_commands("[%csl\nGd4]").highlights.size(), 1u);
  EXPECT_EQ(parse_comment_commands("[%clk\r\n0:00:05]").clock, 5.0);
}

TEST(CommentCommands, StripLeavesTheOthers) {
  CommentData d = parse_comment_commands("[%eval 0.5] [%clk 0:01:00] [%emt 0:00:01] [%csl Gd4] [%cal Ge2e4] x");
  StripCommands strip;
  EXPECT_FALSE(strip.any());
  strip.clk = strip.arrows = true;
  strip_commands(d, strip);
  EXPECT_EQ(render_comment_commands(d), "[%eval 0.5] [%emt 0:00:01] x");
  strip.eval = strip.emt = true;
  strip_commands(d, strip);
  EXPECT_EQ(render_comment_commands(d), "x");
}

TEST(CommentCommands, ACanonicalClockCommentIsOneRenderingGivesBack) {
  // Every clock as the renderer writes it is recognised ...
  int recognised = 0;
  for (long long s : {0LL, 1LL, 59LL, 60LL, 180LL, 3599LL, 3600LL, 36000LL, 359999LL, 359999999LL}) {
    const std::string c = "[%clk " + format_duration(static_cast<double>(s)) + "]";
    EXPECT_TRUE(is_canonical_clock_comment(c)) << c;
    recognised += is_canonical_clock_comment(c) ? 1 : 0;
  }
  EXPECT_EQ(recognised, 10);
  // ... and whatever it recognises, rendering gives back unchanged. Near misses of every
  // field: leading zeros, one-digit fields, 60 seconds, fractions, blanks, other commands.
  const std::string hours[] = {"0", "00", "1", "01", "12", "99999", "100000", "x"};
  const std::string minutes[] = {"00", "5", "05", "59", "60", "6a"};
  const std::string seconds[] = {"00", "7", "09", "59", "60", "00.5"};
  const std::string wraps[][2] = {{"[%clk ", "]"}, {"[%clk  ", "]"}, {" [%clk ", "]"}, {"[%clk ", "] "},
                                  {"[%emt ", "]"}, {"[%clk ", "] [%eval 0.1]"}};
  int checked = 0, accepted = 0;
  for (const auto& h : hours)
    for (const auto& m : minutes)
      for (const auto& sec : seconds)
        for (const auto& w : wraps) {
          const std::string c = w[0] + h + ":" + m + ":" + sec + w[1];
          ++checked;
          if (!is_canonical_clock_comment(c)) continue;
          ++accepted;
          EXPECT_EQ(render_comment_commands(parse_comment_commands(c)), c);
        }
  EXPECT_EQ(checked, 8 * 6 * 6 * 6);
  EXPECT_EQ(accepted, 4 * 3 * 3);  // hours 0, 1, 12, 99999; minutes 00, 05, 59; seconds 00, 09, 59
  EXPECT_FALSE(is_canonical_clock_comment("[%clk 0:03:00"));
  EXPECT_FALSE(is_canonical_clock_comment(""));
}

TEST(CommentCommands, EvalTooLargeForCentipawnsStaysText) {
  const auto d = parse_comment_commands("[%eval 99999999.99]");
  EXPECT_FALSE(d.eval);
  EXPECT_EQ(d.text, "[%eval 99999999.99]");
}

// scan_comment reads an [%eval] without converting it: it calls the same ones malformed as
// parse_comment_commands, which converts, at the range limit of 10^6 pawns too; and it
// finds "[%" wherever parse_comment_commands does ('[' alone, at the end, doubled).
TEST(CommentCommands, ScanAgreesWithParseOnEvalsAndCommandOpenings) {
  int malformed = 0;
  for (const char* c : {"[%eval 1000000]", "[%eval 1000000.00]", "[%eval -1000000.0]", "[%eval 999999.99]",
                        "[%eval 1000000.01]", "[%eval -1000000.1]", "[%eval 1000001]", "[%eval +.5]", "[%eval 0.]",
                        "[%eval 00001000000.]", "[%eval 0.17,23]", "[%eval #-4]", "[%eval .]", "[%eval 1.2.3]",
                        "a [ b [%eval x]", "[[%eval 1..]", "[", "[%", "x [%", "[%]", "[%eval 1] [%eval y]"}) {
    const CommentData parsed = parse_comment_commands(c);
    const CommentScan scan = scan_comment(c);
    // A well-formed command leaves text; a malformed one stays in it as written.
    const bool parse_calls_malformed = parsed.text.find("[%eval") != std::string::npos;
    EXPECT_EQ(!scan.malformed.empty(), parse_calls_malformed) << c;
    malformed += parse_calls_malformed;
  }
  EXPECT_EQ(malformed, 8);
  EXPECT_EQ(scan_comment("[%eval 1000000.01]").malformed, std::vector<std::string_view>{"[%eval 1000000.01]"});
  EXPECT_TRUE(scan_comment("[%eval 1000000.00]").malformed.empty());
}

TEST(CommentCommands, LichessSampleHasAClockOnEveryMove) {
  if (!testing::corpus_available()) GTEST_SKIP() << "corpus not available";
  const std::string path = testing::corpus_path("archives/lichess-db-sample-first1MB.pgn");
  ASSERT_TRUE(std::filesystem::exists(path)) << path << " missing from the corpus";
  const auto games = testing::read_games(path);
  ASSERT_GE(games.games.size(), 400u);
  std::size_t moves = 0, clocks = 0, evals = 0;
  for (const auto& text : games.games) {
    RawGame raw;
    raw.text = text;
    Replayed r = build_game(raw);
    if (!r.ok()) continue;
    for (const auto& n : r.game.moves) {
      ++moves;
      const auto d = parse_comment_commands(n.comment_after);
      if (d.clock) ++clocks;
      if (d.eval) ++evals;
      if (d.clock) {
        ASSERT_LE(*d.clock, 3 * 3600.0) << n.comment_after;
      }
    }
  }
  ASSERT_GT(moves, 10000u);
  EXPECT_EQ(clocks, moves);  // lichess writes [%clk] after every move
  EXPECT_GT(evals, 0u);      // and [%eval] in analysed games
}

}  // namespace
}  // namespace chesstool::pgn
