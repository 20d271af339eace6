// SPDX-License-Identifier: MIT
// Tests for output/json: string escaping (RFC 8259 section 7) and the JsonObject builder.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "output/json.hpp"

namespace chesstool::output {
namespace {

// RFC 8259 section 7: '"', '\\' and U+0000..U+001F must be escaped; the two-character
// forms \n \r \t are allowed for their characters, \uXXXX for any of them.
TEST(JsonString, QuotesAndBackslashesAreEscaped) {
  EXPECT_EQ(json_string(""), "\"\"");
  EXPECT_EQ(json_string("plain"), "\"plain\"");
  EXPECT_EQ(json_string("a\"b"), "\"a\\\"b\"");
  EXPECT_EQ(json_string("a\\b"), "\"a\\\\b\"");
  EXPECT_EQ(json_string("\\\""), "\"\\\\\\\"\"");
  // '/' may stay as it is (the escape \/ is optional).
  EXPECT_EQ(json_string("1/2-1/2"), "\"1/2-1/2\"");
}

TEST(JsonString, EveryControlCharacterIsEscaped) {
  EXPECT_EQ(json_string("\n"), "\"\\n\"");
  EXPECT_EQ(json_string("\r"), "\"\\r\"");
  EXPECT_EQ(json_string("\t"), "\"\\t\"");
  EXPECT_EQ(json_string(std::string_view("\0", 1)), "\"\\u0000\"");
  EXPECT_EQ(json_string("\x1b[31m"), "\"\\u001b[31m\"");
  EXPECT_EQ(json_string("\x1f"), "\"\\u001f\"");
  // DEL is not a JSON control character, but the output escapes it so that no raw
  // control byte reaches a terminal that prints the record.
  EXPECT_EQ(json_string("\x7f"), "\"\\u007f\"");
  // No byte below 0x20 survives unescaped, whichever it is.
  for (int c = 0; c < 0x20; ++c) {
    const std::string s = json_string(std::string(1, char(c)));
    ASSERT_GE(s.size(), 4u);
    EXPECT_EQ(s[1], '\\') << c;
    for (char x : s) EXPECT_GE(static_cast<unsigned char>(x), 0x20u) << c;
  }
  EXPECT_EQ(json_string("\x20"), "\" \"");  // the first byte that is not a control character
}

TEST(JsonString, NonAsciiUtf8PassesThroughUnchanged) {
  // JSON text is UTF-8 (RFC 8259 8.1): multi-byte characters need no escape.
  const std::string arabic = "\xd8\xb4\xd8\xb7\xd8\xb1\xd9\x86\xd8\xac";  // "شطرنج"
  EXPECT_EQ(json_string(arabic), "\"" + arabic + "\"");
  EXPECT_EQ(json_string("Caf\xc3\xa9 \xe2\x99\x94 \xf0\x9f\x98\x80"), "\"Caf\xc3\xa9 \xe2\x99\x94 \xf0\x9f\x98\x80\"");
}

TEST(JsonString, TextThatIsNotUtf8IsReadAsWindows1252) {
  // A file or member name in Latin-1: the output stays valid UTF-8 JSON.
  EXPECT_EQ(json_string("lat\xE9.pgn"), "\"lat\xC3\xA9.pgn\"");
  EXPECT_EQ(json_string("\x93q\x94"), "\"\xE2\x80\x9Cq\xE2\x80\x9D\"");  // CP1252's curly quotes
  EXPECT_EQ(json_string("caf\xC3\xA9"), "\"caf\xC3\xA9\"");  // already UTF-8: unchanged
  EXPECT_EQ(json_string("\xff\xfe"), "\"\xC3\xBF\xC3\xBE\"");   // never dropped or escaped
}

TEST(JsonString, AppendsToWhatIsThere) {
  std::string out = "[";
  append_json_string(out, "a");
  out += ',';
  append_json_string(out, "b\n");
  EXPECT_EQ(out, "[\"a\",\"b\\n\"");
}

TEST(JsonObject, EmptyObject) { EXPECT_EQ(JsonObject().str(), "{}"); }

TEST(JsonObject, FieldsInOrderWithCommas) {
  JsonObject o;
  o.field("type", "game").field("index", 3).field("valid", false).null_field("winner");
  EXPECT_EQ(o.str(), "{\"type\":\"game\",\"index\":3,\"valid\":false,\"winner\":null}");
}

TEST(JsonObject, NumbersOfEveryWidth) {
  JsonObject o;
  o.field("neg", std::int64_t{-5})
      .field("big", std::uint64_t{18446744073709551615u})
      .field("min", std::int64_t{INT64_MIN})
      .field("t", true);
  EXPECT_EQ(o.str(), "{\"neg\":-5,\"big\":18446744073709551615,\"min\":-9223372036854775808,\"t\":true}");
}

TEST(JsonObject, DoublesAreShortestRoundTrip) {
  // fmt's "{}" is the shortest text that reads back to the same double.
  JsonObject o;
  o.field("a", 0.5).field("b", 1.0 / 3.0).field("c", 2400.0);
  const std::string s = o.str();
  EXPECT_EQ(s.substr(0, 10), "{\"a\":0.5,\"");
  const auto b = s.find("\"b\":") + 4;
  EXPECT_EQ(std::stod(s.substr(b, s.find(',', b) - b)), 1.0 / 3.0);
  EXPECT_NE(s.find("\"c\":2400"), std::string::npos);
}

TEST(JsonObject, NamesAndValuesAreEscapedRawIsNot) {
  JsonObject o;
  o.field("we\"ird", "a\tb").raw_field("list", "[1,2]").raw_field("obj", JsonObject().field("x", 1).str());
  EXPECT_EQ(o.str(), "{\"we\\\"ird\":\"a\\tb\",\"list\":[1,2],\"obj\":{\"x\":1}}");
}

TEST(JsonObject, StringViewAndCharPointerAgree) {
  const std::string value = "e4 \"!\"";
  JsonObject a, b;
  a.field("m", value.c_str());
  b.field("m", std::string_view(value));
  EXPECT_EQ(a.str(), b.str());
}

}  // namespace
}  // namespace chesstool::output
