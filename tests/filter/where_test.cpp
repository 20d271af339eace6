// SPDX-License-Identifier: MIT
// The --where language: parsing, syntax errors with their columns, and evaluation rules.
#include "filter/where.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace chesstool::filter {
namespace {

class MapTags : public TagSource {
 public:
  MapTags(std::initializer_list<std::pair<const std::string, std::string>> tags) : tags_(tags) {}
  std::optional<std::string_view> tag(std::string_view name) const override {
    auto it = tags_.find(std::string(name));
    if (it == tags_.end()) return std::nullopt;
    return std::string_view(it->second);
  }

 private:
  std::map<std::string, std::string> tags_;
};

Where parse_ok(std::string_view text) {
  WhereError e;
  auto w = Where::parse(text, e);
  EXPECT_TRUE(w.has_value()) << text << ": column " << e.column << ": " << e.message;
  return w ? std::move(*w) : Where::comparison("X", CompareOp::Eq, "never");
}

WhereError parse_error(std::string_view text) {
  WhereError e;
  auto w = Where::parse(text, e);
  EXPECT_FALSE(w.has_value()) << text << " parsed as " << (w ? w->to_string() : "");
  return e;
}

bool eval(std::string_view expr, const MapTags& tags) { return parse_ok(expr).matches(tags); }

TEST(Where, ParsesPrecedenceAndBeforeOr) {
  EXPECT_EQ(parse_ok("A = 1 or B = 2 and C = 3").to_string(), R"((A = "1" or (B = "2" and C = "3")))");
  EXPECT_EQ(parse_ok("(A = 1 or B = 2) and C = 3").to_string(), R"(((A = "1" or B = "2") and C = "3"))");
  EXPECT_EQ(parse_ok("not A = 1 and B ~ x").to_string(), R"((not A = "1" and B ~ "x"))");
  EXPECT_EQ(parse_ok("A=1 AND NOT B!=2").to_string(), R"((A = "1" and not B != "2"))");
}

TEST(Where, ReadsQuotedAndBareValues) {
  EXPECT_EQ(parse_ok(R"(White = "Carlsen, Magnus")").to_string(), R"(White = "Carlsen, Magnus")");
  EXPECT_EQ(parse_ok(R"(Event = "say \"hi\" \\ ok")").to_string(), R"(Event = "say \"hi\" \\ ok")");
  EXPECT_EQ(parse_ok("Result = 1/2-1/2").to_string(), R"(Result = "1/2-1/2")");
  EXPECT_EQ(parse_ok("Result = *").to_string(), R"(Result = "*")");
  // A bare value may begin with an operator character: it is a value there.
  EXPECT_EQ(parse_ok("Round = -").to_string(), R"(Round = "-")");
  EXPECT_EQ(parse_ok("White ~ ^Carl").to_string(), R"(White ~ "^Carl")");
}

TEST(Where, SyntaxErrorsPointAtTheColumn) {
  WhereError e = parse_error("WhiteElo >= ");
  EXPECT_EQ(e.column, 13u);
  EXPECT_EQ(e.message, "expected a value after '>=', found the end of the expression");

  e = parse_error("WhiteElo 2500");
  EXPECT_EQ(e.column, 10u);
  EXPECT_EQ(e.message, "expected an operator (=, !=, <, <=, >, >=, ~) after 'WhiteElo', found '2500'");

  e = parse_error("(A = 1 or B = 2");
  EXPECT_EQ(e.column, 16u);
  EXPECT_EQ(e.message, "expected ')' to close the '(' at column 1, found the end of the expression");

  e = parse_error("A = 1 B = 2");
  EXPECT_EQ(e.column, 7u);
  EXPECT_EQ(e.message, "expected 'and', 'or' or the end of the expression, found 'B'");

  e = parse_error("A = 1)");
  EXPECT_EQ(e.column, 6u);
  EXPECT_EQ(e.message, "unexpected ')' without a matching '('");

  e = parse_error("A = \"open");
  EXPECT_EQ(e.column, 5u);
  EXPECT_EQ(e.message, "unterminated quoted value (no closing '\"')");

  e = parse_error("and A = 1");
  EXPECT_EQ(e.column, 1u);
  EXPECT_EQ(e.message, "expected a tag name, found 'and'");

  e = parse_error("   ");
  EXPECT_EQ(e.column, 4u);
  EXPECT_EQ(e.message, "empty expression");

  e = parse_error("A = 1 and");
  EXPECT_EQ(e.column, 10u);
}

TEST(Where, ColumnsCountCharactersNotBytes) {
  // "Événement" is 9 characters and 11 bytes: the "=" after it is at column 19, byte 21.
  WhereError e = parse_error("Event = Événement =");
  EXPECT_EQ(e.column, 19u);
}

TEST(Where, BadRegularExpressionIsASyntaxErrorAtItsValue) {
  WhereError e = parse_error("White ~ \"(unclosed\"");
  EXPECT_EQ(e.column, 9u);
  EXPECT_NE(e.message.find("invalid regular expression: "), std::string::npos) << e.message;
  EXPECT_TRUE(Where::regex_error("a(b").has_value());
  EXPECT_FALSE(Where::regex_error("a(b)").has_value());
}

TEST(Where, NestingIsBounded) {
  std::string deep(Where::kMaxDepth + 5, '(');
  deep += "A = 1";
  deep += std::string(Where::kMaxDepth + 5, ')');
  WhereError e = parse_error(deep);
  EXPECT_NE(e.message.find("nested too deeply"), std::string::npos);
  std::string nots;
  for (int i = 0; i < 100000; ++i) nots += "not ";
  parse_error(nots + "A = 1");
  // Long flat chains are fine: they are one n-ary node.
  std::string chain = "A = 0";
  for (int i = 1; i < 5000; ++i) chain += " or A = " + std::to_string(i);
  EXPECT_TRUE(eval(chain, MapTags{{"A", "4999"}}));
  EXPECT_FALSE(eval(chain, MapTags{{"A", "5000"}}));
}

TEST(Where, NumbersCompareAsNumbersWhenBothSidesAreNumbers) {
  MapTags t{{"WhiteElo", "900"}, {"Round", "10"}, {"Name", "abc"}};
  EXPECT_TRUE(eval("WhiteElo < 2500", t));  // as strings "900" > "2500"
  EXPECT_FALSE(eval("WhiteElo >= 2500", t));
  EXPECT_TRUE(eval("WhiteElo = 900.0", t));
  EXPECT_TRUE(eval("Round > 9", t));
  EXPECT_TRUE(eval("Round > -1", t));
  // Not a number, ordered against one: false either way (as bytes 'a' > '9').
  EXPECT_FALSE(eval("Name > 9", t));
  EXPECT_FALSE(eval("Name < 9", t));
  EXPECT_TRUE(eval("Name != 9", t));
  EXPECT_TRUE(eval("Name > 9x", t));  // two words: bytes
  // The same the other way round: a number is neither below nor above a word.
  EXPECT_FALSE(eval("WhiteElo < abc", t));
  EXPECT_FALSE(eval("WhiteElo > 2.6e3", t));
  EXPECT_TRUE(eval("WhiteElo != abc", t));
  EXPECT_FALSE(compare_values("X", "2500", CompareOp::Lt, "abc"));
  MapTags dated{{"Date", "2020.05.01"}};
  EXPECT_FALSE(eval("Date < abc", dated));
  EXPECT_FALSE(eval("Date > \"1\"", dated));
  EXPECT_FALSE(compare_values("Date", "2020.05.01", CompareOp::Lt, "abc"));
  EXPECT_TRUE(compare_values("X", "2500", CompareOp::Gt, "900"));
  EXPECT_FALSE(compare_values("X", "2500x", CompareOp::Gt, "900"));
  EXPECT_FALSE(compare_values("X", "2500x", CompareOp::Lt, "900"));
  // An unknown rating is neither above nor below a number (as bytes '?' > '2', "" < "1").
  MapTags unknown{{"BlackElo", "?"}, {"WhiteElo", ""}, {"Date", "unknown"}};
  EXPECT_FALSE(eval("BlackElo > 2000", unknown));
  EXPECT_FALSE(eval("BlackElo >= 2400", unknown));
  EXPECT_FALSE(eval("WhiteElo < 1000", unknown));
  EXPECT_TRUE(eval("not BlackElo > 2000", unknown));
  EXPECT_TRUE(eval("BlackElo != 2000", unknown));
  EXPECT_TRUE(eval("BlackElo = \"?\"", unknown));
  EXPECT_FALSE(eval("Date >= 2020", unknown));  // as bytes 'u' > '2'
  EXPECT_FALSE(compare_values("Date", "unknown", CompareOp::Ge, "2020"));
  EXPECT_FALSE(compare_values("BlackElo", "?", CompareOp::Gt, "2000"));
  EXPECT_FALSE(parse_decimal("1.").has_value());
  EXPECT_FALSE(parse_decimal("-").has_value());
  EXPECT_FALSE(parse_decimal("1-0").has_value());
  EXPECT_FALSE(parse_decimal(".5").has_value());
  const auto d = parse_decimal("+0012.500");
  ASSERT_TRUE(d.has_value());
  EXPECT_FALSE(d->negative);
  EXPECT_EQ(d->whole, "12");
  EXPECT_EQ(d->fraction, "5");
}

TEST(Where, NumbersCompareExactlyWhateverTheirLength) {
  // Beyond a double's 15 to 17 digits (these compared equal as doubles).
  MapTags t{{"GameId", "10000000000000001"}, {"Big", "12345678901234567890"}, {"X", "0.09999999999999999999"}};
  EXPECT_FALSE(eval("GameId = 10000000000000000", t));
  EXPECT_TRUE(eval("GameId > 10000000000000000", t));
  EXPECT_FALSE(eval("Big = 12345678901234567891", t));
  EXPECT_TRUE(eval("Big < 12345678901234567891", t));
  EXPECT_TRUE(eval("X < 0.1", t));
  // One value, several spellings; signs and zero.
  EXPECT_TRUE(compare_values("X", "007.50", CompareOp::Eq, "7.5"));
  EXPECT_TRUE(compare_values("X", "-0", CompareOp::Eq, "0.000"));
  EXPECT_TRUE(compare_values("X", "-2", CompareOp::Lt, "-1.5"));
  EXPECT_TRUE(compare_values("X", "-1.5", CompareOp::Lt, "1"));
  EXPECT_TRUE(compare_values("X", "0.05", CompareOp::Lt, "0.5"));
  EXPECT_TRUE(compare_values("X", "0.5", CompareOp::Lt, "0.51"));
  EXPECT_TRUE(compare_values("X", "99", CompareOp::Lt, "100"));
  EXPECT_TRUE(compare_values("X", "-100", CompareOp::Lt, "-99"));
}

TEST(Where, MissingTagIsFalseForEveryOperatorButNotEqual) {
  MapTags none{};
  for (const char* op : {"=", "<", "<=", ">", ">=", "~"})
    EXPECT_FALSE(eval(std::string("WhiteElo ") + op + " 2000", none)) << op;
  EXPECT_TRUE(eval("WhiteElo != 2000", none));
  EXPECT_TRUE(eval("not WhiteElo = 2000", none));
  // An empty value is present, not missing.
  EXPECT_FALSE(eval("WhiteElo != \"\"", MapTags{{"WhiteElo", ""}}));
}

TEST(Where, DatesWithUnknownPartsMatchAnything) {
  EXPECT_TRUE(eval("Date >= 2020.01.01", MapTags{{"Date", "2021.03.04"}}));
  EXPECT_FALSE(eval("Date >= 2020.01.01", MapTags{{"Date", "2019.12.31"}}));
  EXPECT_TRUE(eval("Date >= 2020.01.01", MapTags{{"Date", "????.??.??"}}));
  EXPECT_TRUE(eval("Date <= 2019.01.01", MapTags{{"Date", "????.??.??"}}));
  EXPECT_TRUE(eval("Date = 2020.06.01", MapTags{{"Date", "2020.??.??"}}));
  EXPECT_FALSE(eval("Date = 2021.06.01", MapTags{{"Date", "2020.??.??"}}));
  EXPECT_FALSE(eval("Date < 2020.06.01", MapTags{{"Date", "2020.??.??"}}));
  EXPECT_FALSE(eval("Date != 2020.06.01", MapTags{{"Date", "2020.??.??"}}));
  // A shorter value leaves its later parts open: the whole year 2020.
  EXPECT_TRUE(eval("Date = 2020", MapTags{{"Date", "2020.12.31"}}));
  EXPECT_TRUE(eval("Date >= 2020 and Date <= 2020.06", MapTags{{"Date", "2020.06.30"}}));
  EXPECT_FALSE(eval("Date >= 2020 and Date <= 2020.06", MapTags{{"Date", "2020.07.01"}}));
  EXPECT_TRUE(eval("EventDate > 1999", MapTags{{"EventDate", "2000.01.01"}}));
  // Not a date tag: "2020.??.??" is compared as bytes.
  EXPECT_FALSE(eval("Annotated = 2020.06.01", MapTags{{"Annotated", "2020.??.??"}}));
  // A tag value that is no date is neither before nor after a date (as bytes 'y' > '2');
  // equality falls back to bytes.
  EXPECT_FALSE(eval("Date > 2020", MapTags{{"Date", "yesterday"}}));
  EXPECT_FALSE(eval("Date < 2020", MapTags{{"Date", "yesterday"}}));
  EXPECT_TRUE(eval("Date = yesterday", MapTags{{"Date", "yesterday"}}));
  EXPECT_FALSE(parse_tag_date("2020.13.01").has_value());
  EXPECT_FALSE(parse_tag_date("20.01.01").has_value());
  EXPECT_EQ(compare_dates(*parse_tag_date("2020.02.03"), *parse_tag_date("2020.02.04")), -1);
  // A part of zeros is no calendar value: unknown, as "??" is (databases write "2024.00.00").
  EXPECT_TRUE(eval("Date = 2024.05.01", MapTags{{"Date", "2024.00.00"}}));
  EXPECT_TRUE(eval("Date = 2024.05.01", MapTags{{"Date", "0000.00.00"}}));
  EXPECT_TRUE(eval("Date = 2024.05.01", MapTags{{"Date", "2024.05.00"}}));
  EXPECT_FALSE(eval("Date = 2024.05.01", MapTags{{"Date", "2023.00.00"}}));
  EXPECT_FALSE(eval("Date = 2024.05.01", MapTags{{"Date", "2024.04.00"}}));
}

TEST(Where, RegexSearchesAnywhere) {
  MapTags t{{"White", "Carlsen, Magnus"}, {"Event", "Tata Steel Masters"}};
  EXPECT_TRUE(eval("White ~ Magnus", t));
  EXPECT_TRUE(eval("White ~ ^Carl", t));
  EXPECT_FALSE(eval("White ~ ^Magnus", t));
  EXPECT_FALSE(eval("White ~ carlsen", t));
  EXPECT_TRUE(eval("White ~ \"(?i)carlsen\"", t));
  EXPECT_TRUE(eval("Event ~ \"Steel (Masters|Challengers)$\"", t));
  EXPECT_TRUE(eval("White ~ \"é\"", MapTags{{"White", "Pelé"}}));
  // Long values are fine: RE2 runs in linear time and uses no recursion.
  std::string big(1 << 20, 'a');
  EXPECT_TRUE(eval("White ~ \"(a|aa)*b|a$\"", MapTags{{"White", big}}));
}

TEST(Where, EqualityIsExactBytes) {
  MapTags t{{"Result", "1-0"}, {"White", "Carlsen"}};
  EXPECT_TRUE(eval("Result = 1-0", t));
  EXPECT_FALSE(eval("Result = 0-1", t));
  EXPECT_FALSE(eval("White = carlsen", t));
  EXPECT_TRUE(eval("White != carlsen", t));
}

TEST(Where, BuildersCombine) {
  std::vector<Where> any;
  any.push_back(Where::comparison("White", CompareOp::Match, "Carl"));
  any.push_back(Where::comparison("Black", CompareOp::Match, "Carl"));
  std::vector<Where> all;
  all.push_back(Where::any_of(std::move(any)));
  all.push_back(Where::comparison("WhiteElo", CompareOp::Ge, "2000"));
  Where w = Where::all_of(std::move(all));
  EXPECT_EQ(w.to_string(), R"(((White ~ "Carl" or Black ~ "Carl") and WhiteElo >= "2000"))");
  EXPECT_TRUE(w.matches(MapTags{{"Black", "Carlsen"}, {"WhiteElo", "2100"}}));
  EXPECT_FALSE(w.matches(MapTags{{"Black", "Caruana"}, {"WhiteElo", "2100"}}));
  EXPECT_FALSE(w.matches(MapTags{{"Black", "Carlsen"}, {"WhiteElo", "1999"}}));
  EXPECT_TRUE(Where::all_of({}).matches(MapTags{}));
  EXPECT_FALSE(Where::any_of({}).matches(MapTags{}));
  auto names = w.tag_names();
  EXPECT_EQ(names, (std::vector<std::string>{"White", "Black", "WhiteElo"}));
}

}  // namespace
}  // namespace chesstool::filter
