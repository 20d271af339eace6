// SPDX-License-Identifier: MIT
#include "output/display_width.hpp"

#include <utf8proc.h>

namespace chesstool::output {

long next_code_point(std::string_view s, std::size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const int len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
  if (len == 0 || i + std::size_t(len) > s.size()) {
    ++i;
    return -1;
  }
  long cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k < len; ++k) {
    const auto c = static_cast<unsigned char>(s[i + std::size_t(k)]);
    if ((c >> 6) != 2) {
      ++i;
      return -1;
    }
    cp = (cp << 6) | (c & 0x3F);
  }
  i += std::size_t(len);
  return cp;
}

int character_width(long cp) {
  if (cp < 0) return 1;
  if (cp < 0x80) return cp >= 0x20 && cp != 0x7F ? 1 : 0;  // ASCII without a library call
  const auto c = static_cast<utf8proc_int32_t>(cp);
  if (!utf8proc_codepoint_valid(c)) return 1;
  // Where terminals (and glibc's wcwidth) differ from utf8proc's widths:
  // Hangul's conjoining vowels and final consonants join the syllable's first letter.
  if ((cp >= 0x1160 && cp <= 0x11FF) || (cp >= 0xD7B0 && cp <= 0xD7FF)) return 0;
  const utf8proc_property_t& p = *utf8proc_get_property(c);
  const int width = p.charwidth;
  // A spacing mark (an Indic vowel sign such as the Devanagari aa) takes its column, two
  // for the wide ones (the Hangul tone marks), where utf8proc gives a narrow one 0.
  if (p.category == UTF8PROC_CATEGORY_MC) return width > 1 ? width : 1;
  // A prepended format character (the Arabic number sign) is shown, in a column.
  if (width == 0 && p.category == UTF8PROC_CATEGORY_CF && p.boundclass == UTF8PROC_BOUNDCLASS_PREPEND) return 1;
  return width;
}

bool is_mark(long cp) {
  if (cp < 0x300) return false;
  const utf8proc_category_t k = utf8proc_category(static_cast<utf8proc_int32_t>(cp));
  return k == UTF8PROC_CATEGORY_MN || k == UTF8PROC_CATEGORY_MC || k == UTF8PROC_CATEGORY_ME;
}

int display_width(std::string_view s) {
  int width = 0;
  for (std::size_t i = 0; i < s.size();) width += character_width(next_code_point(s, i));
  return width;
}

}  // namespace chesstool::output
