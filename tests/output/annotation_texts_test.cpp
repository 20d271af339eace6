// SPDX-License-Identifier: MIT
// Tests for output/annotation_texts: every text id has a text in every language, none
// empty, all usable inside a PGN comment, the languages consistent with each other.
#include <gtest/gtest.h>

#include <cstddef>
#include <regex>
#include <set>
#include <string>

#include "output/annotation_texts.hpp"

namespace chesstool {
namespace {

using output::Lang;
using output::TextId;

std::string text(TextId id, Lang lang = Lang::En) { return std::string(output::annotation_text(id, lang)); }

// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    unsigned cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
    for (std::size_t k = 1; k < n; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d >> 6) != 2) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    const unsigned min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n;
  }
  return true;
}

// Arabic letters are U+0600..U+06FF: UTF-8 lead bytes 0xD8..0xDB.
bool has_arabic_letters(const std::string& s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0xD8 && static_cast<unsigned char>(c) <= 0xDB) return true;
  return false;
}

// The FIDE article numbers a text cites ("5.1.1", "9.2").
std::set<std::string> articles(const std::string& s) {
  static const std::regex number(R"(\b[0-9]+\.[0-9]+(\.[0-9]+)?\b)");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(s.begin(), s.end(), number); it != std::sregex_iterator(); ++it)
    out.insert(it->str());
  return out;
}

// Swaps two words everywhere in s.
std::string swap_words(std::string s, const std::string& a, const std::string& b) {
  const std::string mark = "\x01";
  for (auto [from, to] : {std::pair{a, mark}, std::pair{b, a}, std::pair{mark, b}})
    for (std::size_t p = 0; (p = s.find(from, p)) != std::string::npos; p += to.size()) s.replace(p, from.size(), to);
  return s;
}

TEST(AnnotationTexts, EveryTextExistsInEveryLanguage) {
  for (std::size_t l = 0; l < output::kLangCount; ++l) {
    const Lang lang = Lang(l);
    EXPECT_EQ(output::lang_from_code(output::lang_code(lang)), lang);
    for (std::size_t i = 0; i < output::kTextCount; ++i) {
      const std::string t = text(TextId(i), lang);
      EXPECT_FALSE(t.empty()) << l << " " << i;
      // Comments cannot hold braces (spec 8.2.5), and recognition compares single-spaced text.
      EXPECT_EQ(t.find_first_of("{}\n\t\r"), std::string::npos) << t;
      EXPECT_EQ(t.find("  "), std::string::npos) << t;
      EXPECT_NE(t.front(), ' ');
      EXPECT_NE(t.back(), ' ');
    }
  }
  EXPECT_FALSE(output::lang_from_code("fr"));
}

TEST(AnnotationTexts, LanguageCodesAreIso639) {
  EXPECT_EQ(output::lang_code(Lang::En), "en");
  EXPECT_EQ(output::lang_code(Lang::Ar), "ar");
  EXPECT_EQ(output::lang_from_code("ar"), Lang::Ar);
  EXPECT_FALSE(output::lang_from_code("EN"));  // codes are lower case
  EXPECT_FALSE(output::lang_from_code(""));
}

TEST(AnnotationTexts, EnglishIsAsciiArabicIsArabicBothValidUtf8) {
  for (std::size_t i = 0; i < output::kTextCount; ++i) {
    const std::string en = text(TextId(i), Lang::En);
    const std::string ar = text(TextId(i), Lang::Ar);
    for (char c : en) EXPECT_LT(static_cast<unsigned char>(c), 0x80u) << en;
    EXPECT_TRUE(valid_utf8(ar)) << i;
    EXPECT_TRUE(has_arabic_letters(ar)) << i << ": " << ar;
    EXPECT_NE(en, ar) << i;
  }
}

TEST(AnnotationTexts, TextsOfOneLanguageAreDistinct) {
  // annotate recognises its own comments by their text: two ids sharing one would be
  // read back as each other.
  for (std::size_t l = 0; l < output::kLangCount; ++l) {
    std::set<std::string> seen;
    for (std::size_t i = 0; i < output::kTextCount; ++i)
      EXPECT_TRUE(seen.insert(text(TextId(i), Lang(l))).second) << "language " << l << " id " << i;
  }
}

TEST(AnnotationTexts, TranslationsCiteTheSameFideArticles) {
  // The Arabic texts write article numbers in Western digits, as the English ones.
  for (std::size_t i = 0; i < output::kTextCount; ++i)
    EXPECT_EQ(articles(text(TextId(i), Lang::En)), articles(text(TextId(i), Lang::Ar))) << i;
  // Each ending cites its article of the Laws.
  EXPECT_EQ(articles(text(TextId::CheckmateWhiteWins)), std::set<std::string>{"5.1.1"});
  EXPECT_EQ(articles(text(TextId::Stalemate)), std::set<std::string>{"5.2.1"});
  EXPECT_EQ(articles(text(TextId::DeadPosition)), std::set<std::string>{"5.2.2"});
  EXPECT_EQ(articles(text(TextId::Fivefold)), std::set<std::string>{"9.6.1"});
  EXPECT_TRUE(articles(text(TextId::SeventyFive)).count("9.6.2"));
  EXPECT_TRUE(articles(text(TextId::ThreefoldAfterWhite)).count("9.2"));
  EXPECT_TRUE(articles(text(TextId::FiftyAfterBlack)).count("9.3"));
  EXPECT_EQ(articles(text(TextId::TimeDrawWhiteCannotMate)), std::set<std::string>{"6.9"});
}

TEST(AnnotationTexts, ClaimTextsSwapThePlayers) {
  // FIDE 9.2.1 / 9.3: the player who made the move could have claimed before it, the
  // opponent may claim after it; the "after Black" text is the "after White" one with the
  // colours exchanged, in every language.
  const std::pair<TextId, TextId> pairs[] = {{TextId::ThreefoldAfterWhite, TextId::ThreefoldAfterBlack},
                                             {TextId::FiftyAfterWhite, TextId::FiftyAfterBlack},
                                             {TextId::CheckmateWhiteWins, TextId::CheckmateBlackWins},
                                             {TextId::TimeDrawWhiteCannotMate, TextId::TimeDrawBlackCannotMate}};
  for (auto [w, b] : pairs) {
    EXPECT_EQ(swap_words(text(w, Lang::En), "White", "Black"), text(b, Lang::En));
    // Arabic joins the article to a preposition ("الأبيض", "للأبيض"): the stems are swapped.
    EXPECT_EQ(swap_words(text(w, Lang::Ar), "أبيض", "أسود"), text(b, Lang::Ar));
  }
  EXPECT_EQ(text(TextId::ThreefoldAfterWhite).find("White could have claimed") != std::string::npos, true);
  EXPECT_EQ(text(TextId::ThreefoldAfterWhite).find("Black may claim") != std::string::npos, true);
}

}  // namespace
}  // namespace chesstool
