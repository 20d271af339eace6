// SPDX-License-Identifier: MIT
// Tests for pgn/encoding: UTF-8 validation and Windows-1252 conversion.
#include <gtest/gtest.h>

#include <string>

#include "pgn/encoding.hpp"

namespace chesstool::pgn {
namespace {

TEST(FirstInvalidUtf8, AcceptsAsciiAndWellFormedMultiByte) {
  EXPECT_FALSE(first_invalid_utf8("").has_value());
  EXPECT_FALSE(first_invalid_utf8("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *").has_value());
  EXPECT_FALSE(first_invalid_utf8("M\xC3\xBCller \xE2\x82\xAC \xF0\x9D\x84\x9E \xE2\x86\x92").has_value());
  EXPECT_FALSE(first_invalid_utf8(std::string("a\0b", 3)).has_value());
  EXPECT_FALSE(first_invalid_utf8("\xF4\x8F\xBF\xBF").has_value());  // U+10FFFF, the last code point
  EXPECT_FALSE(first_invalid_utf8("\xED\x9F\xBF").has_value());      // U+D7FF, just below the surrogates
}

TEST(FirstInvalidUtf8, RejectsOverlongSurrogatesAndOutOfRange) {
  EXPECT_EQ(first_invalid_utf8("\xC0\x80"), 0u);          // overlong NUL
  EXPECT_EQ(first_invalid_utf8("\xC1\xBF"), 0u);          // overlong
  EXPECT_EQ(first_invalid_utf8("ab\xE0\x80\x80"), 2u);    // overlong 3-byte
  EXPECT_EQ(first_invalid_utf8("\xF0\x80\x80\x80"), 0u);  // overlong 4-byte
  EXPECT_EQ(first_invalid_utf8("x\xED\xA0\x80"), 1u);     // U+D800 surrogate
  EXPECT_EQ(first_invalid_utf8("\xF4\x90\x80\x80"), 0u);  // U+110000
  EXPECT_EQ(first_invalid_utf8("\xF5\x80\x80\x80"), 0u);
  EXPECT_EQ(first_invalid_utf8("\xFF"), 0u);
}

TEST(FirstInvalidUtf8, RejectsStrayContinuationAndTruncation) {
  EXPECT_EQ(first_invalid_utf8("abc\x80"), 3u);
  EXPECT_EQ(first_invalid_utf8("abc\xC3"), 3u);           // truncated at the end
  EXPECT_EQ(first_invalid_utf8("abc\xE2\x82"), 3u);
  EXPECT_EQ(first_invalid_utf8("\xC3(ok"), 0u);           // lead byte without continuation
  EXPECT_EQ(first_invalid_utf8("\xE2\x82(ok"), 0u);
}

TEST(FirstInvalidUtf8, FastPathReportsExactOffset) {
  // Offsets on both sides of the 8-byte blocks must be exact.
  for (std::size_t prefix = 0; prefix < 40; ++prefix) {
    std::string s(prefix, 'a');
    s += "M\xFCller";
    EXPECT_EQ(first_invalid_utf8(s), prefix + 1) << "prefix " << prefix;
  }
}

TEST(Cp1252ToUtf8, ConvertsLatin1AndCp1252Specials) {
  EXPECT_EQ(cp1252_to_utf8("M\xFCller"), "M\xC3\xBCller");             // ü
  EXPECT_EQ(cp1252_to_utf8("\x80"), "\xE2\x82\xAC");                   // €
  EXPECT_EQ(cp1252_to_utf8("\x93quoted\x94"), "\xE2\x80\x9Cquoted\xE2\x80\x9D");
  EXPECT_EQ(cp1252_to_utf8("\x9F"), "\xC5\xB8");                       // Ÿ
  EXPECT_EQ(cp1252_to_utf8("\xA0\xFF"), "\xC2\xA0\xC3\xBF");
  EXPECT_EQ(cp1252_to_utf8("plain ASCII"), "plain ASCII");
}

TEST(Cp1252ToUtf8, UndefinedBytesMapToC1ControlsLikeLatin1) {
  EXPECT_EQ(cp1252_to_utf8("\x81"), "\xC2\x81");
  EXPECT_EQ(cp1252_to_utf8("\x8D"), "\xC2\x8D");
  EXPECT_EQ(cp1252_to_utf8("\x8F"), "\xC2\x8F");
  EXPECT_EQ(cp1252_to_utf8("\x90"), "\xC2\x90");
  EXPECT_EQ(cp1252_to_utf8("\x9D"), "\xC2\x9D");
}

TEST(Cp1252ToUtf8, EveryByteGivesValidUtf8) {
  std::string all;
  for (int c = 0; c < 256; ++c) all.push_back(static_cast<char>(c));
  const std::string out = cp1252_to_utf8(all);
  EXPECT_FALSE(first_invalid_utf8(out).has_value());
  EXPECT_EQ(out.substr(0, 128), all.substr(0, 128));
}

TEST(RepairUtf8, KeepsUtf8AndReadsTheOtherBytesAsCp1252) {
  // A UTF-8 name with Latin-1 bytes typed into it: each part as it was meant.
  EXPECT_EQ(repair_utf8("M\xC3\xBCller, J\xE9r\xF4me"), "M\xC3\xBCller, J\xC3\xA9r\xC3\xB4me");
  EXPECT_EQ(repair_utf8("na\xC3\xAFve \x93quoted\x94"), "na\xC3\xAFve \xE2\x80\x9Cquoted\xE2\x80\x9D");
  // Sequences that are not well formed are bytes: a truncated one, an overlong form, a
  // surrogate, a stray continuation byte.
  EXPECT_EQ(repair_utf8("\xC3"), "\xC3\x83");
  EXPECT_EQ(repair_utf8("\xC0\xAF"), "\xC3\x80\xC2\xAF");
  EXPECT_EQ(repair_utf8("\xED\xA0\x80"), "\xC3\xAD\xC2\xA0\xE2\x82\xAC");
  EXPECT_EQ(repair_utf8("\xA9"), "\xC2\xA9");
  // Valid UTF-8 and Windows-1252 alone come out as before.
  EXPECT_EQ(repair_utf8("M\xC3\xBCller \xE2\x99\x98"), "M\xC3\xBCller \xE2\x99\x98");
  EXPECT_EQ(repair_utf8("M\xFCller"), cp1252_to_utf8("M\xFCller"));
  std::string all;
  for (int c = 0; c < 256; ++c) all += static_cast<char>(c);
  EXPECT_TRUE(is_valid_utf8(repair_utf8(all)));
}

TEST(Utf8OrCp1252, LeavesValidUtf8Alone) {
  EXPECT_EQ(utf8_or_cp1252("M\xC3\xBCller"), "M\xC3\xBCller");
  EXPECT_EQ(utf8_or_cp1252("M\xFCller"), "M\xC3\xBCller");
}

TEST(WithoutBom, SkipsOneLeadingByteOrderMarkOnly) {
  EXPECT_EQ(without_bom("\xEF\xBB\xBF" "8/8 w"), "8/8 w");
  EXPECT_EQ(without_bom("\xEF\xBB\xBF"), "");
  EXPECT_EQ(without_bom("\xEF\xBB\xBF\xEF\xBB\xBF" "x"), "\xEF\xBB\xBF" "x");  // one BOM, not a run
  EXPECT_EQ(without_bom("x\xEF\xBB\xBF"), "x\xEF\xBB\xBF");
  EXPECT_EQ(without_bom("\xEF\xBB"), "\xEF\xBB");  // a cut BOM is not one
  EXPECT_EQ(without_bom(""), "");
}

}  // namespace
}  // namespace chesstool::pgn
