// SPDX-License-Identifier: MIT
// Tests for pgn/json_games: NDJSON lines, the visitor events of a game record, its problems,
// and the record through the Replayer (moves checked, nothing trusted, any depth).
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.hpp"
#include "io/source.hpp"
#include "pgn/json_games.hpp"
#include "pgn/replay.hpp"
#include "support/archive_support.hpp"

namespace chesstool::pgn {
namespace {

// Every event as one line of text, and every problem with its place.
class JsonRecorder final : public Visitor {
 public:
  std::vector<std::string> events;
  void tag(std::string_view n, std::string_view v, const SourceLoc&) override { add({"tag ", n, "=", v}); }
  void begin_movetext() override { add({"movetext"}); }
  void san(std::string_view t, const SourceLoc& loc) override { add({"san ", t, " @", std::to_string(loc.column)}); }
  void nag(int code, std::string_view, const SourceLoc&) override { add({"nag ", std::to_string(code)}); }
  void comment(std::string_view t, const SourceLoc&) override { add({"comment ", t}); }
  void begin_variation(const SourceLoc&) override { add({"("}); }
  void end_variation(const SourceLoc&) override { add({")"}); }
  void result(std::string_view t, const SourceLoc&) override { add({"result ", t}); }
  void problem(Severity, std::string_view code, std::string message, const SourceLoc& loc, std::string_view) override {
    add({"problem ", code, " ", std::to_string(loc.line), ":", std::to_string(loc.column), " ", message});
  }
  void end_game() override { add({"end"}); }

 private:
  // The pieces joined (appended, never built with operator+: GCC 12's false -Wrestrict).
  void add(std::initializer_list<std::string_view> pieces) {
    std::string s;
    for (std::string_view p : pieces) s.append(p);
    events.push_back(std::move(s));
  }
};

std::vector<std::string> events_of(const std::string& record) {
  JsonRecorder r;
  visit_json_game(record, 7, 100, r);
  return r.events;
}

std::vector<TextLine> json_lines_of(std::string data, std::size_t max_read) {
  io::ByteSource source = io::ByteSource::from_memory(std::move(data), "<memory>", max_read);
  TextLines lines(source);
  std::vector<TextLine> out;
  TextLine l;
  while (lines.next(l)) out.push_back(l);
  return out;
}

TEST(TextLines, LinesNumberedWithOffsetsWhateverTheReadSize) {
  const std::string data = "\xEF\xBB\xBF{\"a\":1}\r\n\n   \n{\"b\":2}\n{\"c\":3}";
  for (std::size_t max_read : {std::size_t(1), std::size_t(3), std::size_t(1) << 20}) {
    const auto lines = json_lines_of(data, max_read);
    ASSERT_EQ(lines.size(), 3u) << max_read;
    EXPECT_EQ(lines[0].text, "{\"a\":1}");  // no BOM, no CR
    EXPECT_EQ(lines[0].line, 1u);
    EXPECT_EQ(lines[0].byte_offset, 3u);
    EXPECT_EQ(lines[1].text, "{\"b\":2}");  // blank lines skipped, still counted
    EXPECT_EQ(lines[1].line, 4u);
    EXPECT_EQ(lines[1].byte_offset, 17u);
    EXPECT_EQ(lines[2].text, "{\"c\":3}");  // the last line needs no line end
    EXPECT_EQ(lines[2].line, 5u);
    EXPECT_EQ(lines[2].byte_offset, 25u);
  }
  EXPECT_TRUE(json_lines_of("", 10).empty());
  EXPECT_TRUE(json_lines_of("\n\n \t\n", 10).empty());
}

TEST(TextLines, ALastLineAReadErrorCutIsLeftOutAndNamed) {
  // The data before the fault ends inside line 3 (a whole gzip member, then a member cut
  // in its header); whole at the end of a file, the same line is handed out.
  REQUIRE_TOOLS();
  testing::ScratchDir d;
  d.write("a.json", "{\"a\":1}\n\n{\"b\":");
  d.write("b.json", "2}\n");
  ASSERT_TRUE(d.sh("gzip -c a.json > cut.json.gz && gzip -c b.json | head -c 6 >> cut.json.gz"));
  io::ByteSource source(d / "cut.json.gz");
  TextLines lines(source);
  TextLine l;
  std::vector<std::string> texts;
  while (lines.next(l)) texts.push_back(l.text);
  ASSERT_TRUE(source.error());
  EXPECT_EQ(texts, std::vector<std::string>{"{\"a\":1}"});
  EXPECT_EQ(lines.cut_line(), 3u);
  EXPECT_EQ(json_lines_of("{\"a\":1}\n\n{\"b\":", 4).size(), 2u);
}

TEST(JsonGames, EventsInTheOrderAPgnParserGivesThem) {
  const std::string record =
      R"({"tags":{"Event":"E","White":"W"},"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",)"
      R"("moves":[{"san":"e4","uci":"e2e4","fen":"x","comment_before":"intro","comment":"good","clock":180.5,)"
      R"("eval":{"cp":-20,"depth":18},"nags":[1,14],"variations":[[{"san":"d4","comment":null,"nags":[],)"
      R"("arrows":[{"color":"G","from":"d2","to":"d4"}],"highlights":[{"color":"R","square":"e5"}],"variations":[]}]]},)"
      R"({"san":"e5","comment_before":"after the variation","emt":2,"nags":[],"variations":[]}],"result":"1-0"})";
  // A move's column: where its "san" value starts (1-based).
  auto at = [&record](const char* value) {
    return std::string(" @").append(std::to_string(record.find(std::string("\"san\":").append(value)) + 7));
  };
  const std::vector<std::string> expected = {
      "tag Event=E", "tag White=W", "movetext", "comment intro", "san e4" + at("\"e4\""), "nag 1", "nag 14",
      "comment [%eval -0.2,18] [%clk 0:03:00.5] good", "(", "san d4" + at("\"d4\""), "comment [%csl Re5] [%cal Gd2d4]",
      ")", "comment after the variation", "san e5" + at("\"e5\""), "comment [%emt 0:00:02]", "result 1-0", "end"};
  EXPECT_EQ(events_of(record), expected);
}

TEST(JsonGames, StartFenBecomesSetUpAndFenOnlyWhenNeeded) {
  const std::string fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
  EXPECT_EQ(events_of(R"({"start_fen":")" + fen + R"(","moves":[]})"),
            (std::vector<std::string>{"tag SetUp=1", "tag FEN=" + fen, "movetext", "end"}));
  // The standard position needs no tags; a FEN tag in the tags (any letter case) wins.
  EXPECT_EQ(events_of(R"({"start_fen":")" + std::string(kStartFen) + R"(","moves":[]})"),
            (std::vector<std::string>{"movetext", "end"}));
  EXPECT_EQ(events_of(R"({"tags":{"fen":")" + fen + R"("},"start_fen":"8/8/8/8/8/8/8/8 w - - 0 1","moves":[]})"),
            (std::vector<std::string>{"tag fen=" + fen, "movetext", "end"}));
}

TEST(JsonGames, UciWhenThereIsNoSanAndNullsAreAbsent) {
  EXPECT_EQ(events_of(R"({"tags":null,"comment":"words","moves":[{"uci":"e2e4","comment":null,"nags":null}],"result":null})"),
            (std::vector<std::string>{"movetext", "comment words", "san e2e4 @48", "end"}));
}

// The one problem a bad record gives (and nothing after it but end_game).
std::string problem_of(const std::string& record) {
  const auto events = events_of(record);
  std::string found;
  for (const auto& e : events)
    if (e.rfind("problem ", 0) == 0) found += e;
  EXPECT_EQ(events.back(), "end") << record;
  return found;
}

TEST(JsonGames, BadRecordsAreOneProblemEach) {
  struct Case {
    const char* record;
    const char* problem;  // the start of the expected problem line
  };
  const Case cases[] = {
      {"not json", "problem invalid-json 7:2 invalid JSON: invalid literal"},
      {R"({"moves":[)", "problem invalid-json 7:11 invalid JSON: unexpected end of input"},
      {"[Event \"x\"]", "problem invalid-json 7:2 invalid JSON: invalid literal (the line looks like PGN"},
      {"{\"moves\":[],\"x\":\"\xFF\"}", "problem invalid-json 7:18 invalid JSON"},  // not UTF-8
      {"[1]", "problem json-field 7:1 a game record is a JSON object, found array"},
      {R"({"tags":{}})", "problem json-field 7:1 \"moves\" is missing or not an array"},
      {R"({"tags":[],"moves":[]})", "problem json-field 7:1 \"tags\" is not an object"},
      {R"({"tags":{"White":3},"moves":[]})", "problem json-field 7:1 tag 'White' is not a string"},
      {R"({"start_fen":1,"moves":[]})", "problem json-field 7:1 \"start_fen\" is not a string"},
      {R"({"tags":{"Wh ite":"x"},"moves":[]})", "problem json-field 7:1 a tag name is empty or holds a space, a NUL"},
      {R"({"tags":{"":"x"},"moves":[]})", "problem json-field 7:1 a tag name is empty or holds a space, a NUL"},
      {R"({"tags":{"A]":"x"},"moves":[]})", "problem json-field 7:1 a tag name is empty or holds a space, a NUL"},
      {R"({"tags":{"A\"":"x"},"moves":[]})", "problem json-field 7:1 a tag name is empty or holds a space, a NUL"},
      {R"({"tags":{"A\u0000B":"x"},"moves":[]})", "problem json-field 7:1 a tag name is empty or holds a space, a NUL"},
      {R"({"tags":{"White":"two\nlines"},"moves":[]})", "problem json-field 7:1 tag 'White' holds a line end or NUL"},
      {R"({"moves":[{"san":"e4","comment":"nul \u0000 inside"}]})", "problem json-field 7:18 \"comment\" is not a string without NUL"},
      {R"({"comment":"\u0000","moves":[]})", "problem json-field 7:1 \"comment\" is not a string without NUL"},
      {R"({"moves":[3]})", "problem json-field 7:1 a move is a JSON object, found number"},
      {R"({"moves":[{"san":""}]})", "problem json-field 7:1 a move without \"san\""},
      {R"({"moves":[{"san":"e4","nags":[-1]}]})", "problem json-field 7:18 a NAG is an integer from 0 to 999999999"},
      {R"({"moves":[{"san":"e4","nags":[1000000000]}]})", "problem json-field 7:18 a NAG is an integer from 0 to 999999999"},
      {R"({"moves":[{"san":"e4","nags":[1.5]}]})", "problem json-field 7:18 a NAG is an integer"},
      {R"({"moves":[{"san":"e4","comment":5}]})", "problem json-field 7:18 \"comment\" is not a string without NUL, or null"},
      {R"({"moves":[{"san":"e4","clock":"0:01:00"}]})", "problem json-field 7:18 \"clock\" is not a number"},
      {R"({"moves":[{"san":"e4","emt":-1}]})", "problem json-field 7:18 \"emt\" is not a number"},
      {R"({"moves":[{"san":"e4","eval":{}}]})", "problem json-field 7:18 \"eval\" has neither"},
      {R"({"moves":[{"san":"e4","eval":{"cp":1,"mate":2}}]})", "problem json-field 7:18 \"eval\" has both"},
      {R"({"moves":[{"san":"e4","eval":{"cp":1e3}}]})", "problem json-field 7:18 \"eval\" \"cp\" is not an integer"},
      {R"({"moves":[{"san":"e4","eval":{"mate":18446744073709551615}}]})", "problem json-field 7:18 \"eval\" \"mate\""},
      {R"({"moves":[{"san":"e4","eval":{"cp":1,"depth":-2}}]})", "problem json-field 7:18 \"eval\" \"depth\""},
      {R"({"moves":[{"san":"e4","arrows":[{"color":"GG","from":"e2","to":"e4"}]}]})", "problem json-field 7:18 an arrow is"},
      {R"({"moves":[{"san":"e4","arrows":[{"color":"G","from":"e2"}]}]})", "problem json-field 7:18 an arrow is"},
      {R"({"moves":[{"san":"e4","arrows":[{"color":"G","from":"e2","to":"e2"}]}]})", "problem json-field 7:18 an arrow is"},
      {R"({"moves":[{"san":"e4","highlights":[{"color":"G","square":"j1"}]}]})", "problem json-field 7:18 a highlight is"},
      {R"({"moves":[{"san":"e4","variations":{}}]})", "problem json-field 7:18 \"variations\" is not an array"},
      {R"({"moves":[{"san":"e4","variations":[{}]}]})", "problem json-field 7:18 a variation is an array of moves"},
      {R"({"moves":[],"result":"2-0"})", "problem json-field 7:1 \"result\" is not one of"},
  };
  for (const Case& c : cases) {
    const std::string p = problem_of(c.record);
    EXPECT_EQ(p.rfind(c.problem, 0), 0u) << c.record << "\n  gave: " << p;
  }
  // A tab in a tag value is PGN (it ends no line): no problem.
  EXPECT_EQ(problem_of(R"({"tags":{"White":"tab\tis fine"},"moves":[]})"), "");
}

Replayed replay_record(const std::string& record, Keep keep = Keep::Tree) {
  ReplayOptions options;
  options.keep = keep;
  Replayer replayer(options);
  visit_json_game(record, 3, 0, replayer);
  Replayed r;
  r.report = replayer.take_report();
  r.game = replayer.take_game();
  return r;
}

TEST(JsonGames, EveryMoveGoesThroughTheRulesEngine) {
  // The mainline is legal, the variation's third move is not: the record is invalid, and
  // the error points at that move's "san" value.
  const std::string record =
      R"({"moves":[{"san":"e4","variations":[[{"san":"d4"},{"san":"Nf6"},{"san":"Qxh7"}]]},{"san":"e5"}]})";
  const Replayed r = replay_record(record);
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.report.errors.size(), 1u);
  EXPECT_EQ(r.report.errors[0].code, "illegal-move");
  EXPECT_EQ(r.report.errors[0].line, 3u);
  EXPECT_EQ(r.report.errors[0].column, record.find("\"Qxh7\"") + 1);
}

TEST(JsonGames, UciAndFenBesideSanAreNotTrusted) {
  // "uci" and "fen" say something else: the SAN is what is played, and the tree is rebuilt.
  const Replayed r =
      replay_record(R"({"moves":[{"san":"Nf3","uci":"e2e4","fen":"8/8/8/8/8/8/8/8 w - - 0 1"}],"result":"*"})");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.game.moves.size(), 1u);
  EXPECT_EQ(to_fen(r.game.start.after(r.game.moves[0].move)),
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
  // A null move in the mainline is no legal game, as in PGN.
  EXPECT_FALSE(replay_record(R"({"moves":[{"san":"e4"},{"san":"--"}]})").ok());
}

TEST(JsonGames, CommentsAndCommandsLandWhereThePgnParserPutsThem) {
  const Replayed r = replay_record(
      R"({"comment":null,"moves":[{"san":"e4","comment_before":"before","comment":"after","clock":60,)"
      R"("variations":[[{"san":"c4"}]]},{"san":"e5","comment_before":"between"}]})");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.game.moves.size(), 2u);
  EXPECT_EQ(r.game.moves[0].comment_before(), "before");
  EXPECT_EQ(r.game.moves[0].comment_after, "[%clk 0:01:00] after");
  EXPECT_EQ(r.game.moves[1].comment_before(), "between");
  ASSERT_EQ(r.game.moves[0].variations().size(), 1u);
  // A game without moves keeps its comment.
  const Replayed empty = replay_record(R"({"tags":{"Event":"x"},"comment":"just words","moves":[]})");
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty.game.comment, "just words");
  EXPECT_EQ(*empty.game.tag("Event"), "x");
}

TEST(JsonGames, RecordsWithOtherSpacingKeepTheirColumns) {
  // jq's pretty form and Python's json.dumps (blanks around ':'), and a SAN written with an
  // escape: each move is located at its value's opening quote all the same.
  EXPECT_EQ(events_of(R"({ "moves": [ { "san": "e4" }, { "san" : "e5" } ] })"),
            (std::vector<std::string>{"movetext", "san e4 @23", "san e5 @41", "end"}));
  EXPECT_EQ(events_of(R"({"moves":[{"san":"e4"},{"san":"e\u0035"},{"san":"Nf3"}]})"),
            (std::vector<std::string>{"movetext", "san e4 @18", "san e5 @31", "san Nf3 @49", "end"}));
  // Variations after their move, as convert --to json writes them: found in turn.
  EXPECT_EQ(events_of(R"({"moves":[{"san":"e4","variations":[[{"san":"d4"}]]},{"san":"e5"}]})"),
            (std::vector<std::string>{"movetext", "san e4 @18", "(", "san d4 @45", ")", "san e5 @61", "end"}));
  // Keys in another order than the replay's: once a move is not found after the last one,
  // the rest of the record is at column 1, and a long record is not searched again for
  // every move.
  EXPECT_EQ(events_of(R"({"moves":[{"variations":[[{"san":"d4"}]],"san":"e4"},{"san":"e5"}]})"),
            (std::vector<std::string>{"movetext", "san e4 @48", "(", "san d4 @1", ")", "san e5 @1", "end"}));
  std::string record = R"({"moves": [)";
  for (int i = 0; i < 20000; ++i) record += i % 4 == 0 ? R"({"san": "Nf3"},)" : i % 4 == 1 ? R"({"san": "Nf6"},)"
                                          : i % 4 == 2 ? R"({"san": "Ng1"},)" : R"({"san": "Ng8"},)";
  record.back() = ']';
  record += "}";
  const Replayed r = replay_record(record, Keep::Mainline);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.report.plies, 20000);
}

TEST(JsonGames, DeepNestingIsSafe) {
  // 10,000 nested variations replay; 100,000 nested arrays are a problem, not a crash.
  std::string deep = R"({"moves":[{"san":"e4")";
  for (int i = 0; i < 10000; ++i) deep += R"(,"variations":[[{"san":"d4")";
  for (int i = 0; i < 10000; ++i) deep += "}]]";
  deep += "}]}";
  EXPECT_TRUE(replay_record(deep).ok());
  const std::string arrays = R"({"moves":)" + std::string(100000, '[') + std::string(100000, ']') + "}";
  EXPECT_EQ(problem_of(arrays).rfind("problem json-field", 0), 0u);
}

TEST(JsonGames, AnObjectOfMoreThanTenThousandKeysIsNotRead) {
  // ordered_json inserts a key by a scan of the keys before it: objects are capped.
  auto record = [](int tags) {
    std::string r = "{\"tags\":{";
    for (int i = 0; i < tags; ++i) r += (i ? ",\"T" : "\"T") + std::to_string(i) + "\":\"v\"";
    return r + "},\"moves\":[{\"san\":\"e4\"}],\"result\":\"*\"}";
  };
  const auto read = events_of(record(10000));
  EXPECT_EQ(std::count_if(read.begin(), read.end(), [](const std::string& e) { return e.rfind("tag ", 0) == 0; }), 10000);
  EXPECT_EQ(std::count_if(read.begin(), read.end(), [](const std::string& e) { return e.rfind("problem", 0) == 0; }), 0);
  EXPECT_EQ(std::count_if(read.begin(), read.end(), [](const std::string& e) { return e.rfind("san e4 @", 0) == 0; }), 1);
  EXPECT_EQ(events_of(record(10001)),
            (std::vector<std::string>{"problem json-field 7:1 an object holds more than 10000 keys: the record is not read",
                                      "movetext", "end"}));
  // Many colons in the text, few keys: read as usual.
  const std::string colons = "{\"tags\":{\"Event\":\"" + std::string(20000, ':') + "\"},\"moves\":[],\"result\":\"*\"}";
  const auto plain = events_of(colons);
  ASSERT_FALSE(plain.empty());
  EXPECT_EQ(plain.front(), "tag Event=" + std::string(20000, ':'));
}

TEST(JsonGames, AKeyGivenTwiceInOneObjectIsNotRead) {
  // nlohmann keeps the last value: the record would say one thing and be read as another.
  const auto twice = [](std::string_view key) {
    return "problem json-field 7:1 key '" + std::string(key) + "' appears twice in one object: the record is not read";
  };
  EXPECT_EQ(events_of(R"({"tags":{"White":"A","White":"B"},"moves":[{"san":"e4"}],"result":"*"})"),
            (std::vector<std::string>{twice("White"), "movetext", "end"}));
  EXPECT_EQ(problem_of(R"({"moves":[{"san":"e4","san":"d4"}],"result":"*"})"), twice("san"));
  EXPECT_EQ(problem_of(R"({"moves":[{"san":"e4"}],"result":"*","result":"1-0"})"), twice("result"));
  EXPECT_EQ(problem_of(R"({"moves":[{"san":"e4","variations":[[{"san":"d4","nags":[1],"nags":[2]}]]}]})"), twice("nags"));
  EXPECT_EQ(problem_of(R"({"moves":[{"san":"e4","san":"d4"}]})"), twice("san"));  // the same key once decoded
  EXPECT_EQ(problem_of(R"({"moves":[{"san":"e4","uci":"e2e4","uci":null}]})"), twice("uci"));  // a field not read too
  // The same key in different objects, or as a value, is no repeat.
  EXPECT_EQ(problem_of(R"({"tags":{"san":"san"},"moves":[{"san":"e4"},{"san":"e5"}],"result":"*"})"), "");
  // A record of many keys (read with the key-counting callback) and one nested deep (read
  // on a thread of its own) are checked too.
  std::string many = R"({"moves":[)";
  for (int i = 0; i < 6000; ++i) many += i ? R"(,{"san":"Nf3","uci":"g1f3"})" : R"({"san":"Nf3","uci":"g1f3"})";
  EXPECT_EQ(problem_of(many + R"(],"moves":[]})"), twice("moves"));
  std::string deep = R"({"moves":[)";
  for (int i = 0; i < 600; ++i) deep += R"({"san":"e4","variations":[[)";
  deep += R"({"san":"d4","san":"c4"})";
  for (int i = 0; i < 600; ++i) deep += "]]}";
  EXPECT_EQ(problem_of(deep + "]}"), twice("san"));
}

TEST(JsonGames, ARecordNestedDeeperThanTheReplayerChecksIsNotRead) {
  // A key after a deep value makes ordered_json copy it, recursively: 50,000 nested
  // variations overflowed the stack. The replayer checks 10,000 (kMaxVariationDepth), and
  // a record that deep is read; one deeper than its JSON levels is refused.
  auto record = [](std::size_t nested) {
    std::string r = R"({"tags":{},"moves":[)";
    for (std::size_t i = 0; i < nested; ++i) r += R"({"san":"e4","variations":[[)";
    for (std::size_t i = 0; i < nested; ++i) r += "]]}";
    return r + R"(],"result":"*"})";
  };
  EXPECT_TRUE(replay_record(record(kMaxVariationDepth)).ok());
  const std::string refused = problem_of(record(5 * kMaxVariationDepth));
  EXPECT_EQ(refused.rfind("problem json-field 7:1 the record nests 150002 levels deep", 0), 0u) << refused;
  // Brackets inside strings are text, not nesting.
  const std::string in_strings =
      R"({"tags":{"Event":")" + std::string(100000, '[') + R"("},"moves":[{"san":"e4"}],"result":"*"})";
  EXPECT_TRUE(replay_record(in_strings).ok());
}

}  // namespace
}  // namespace chesstool::pgn
