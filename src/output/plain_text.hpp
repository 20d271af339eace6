// SPDX-License-Identifier: MIT
// What the PGN writer can write as it stands: a comment whose words stand one blank apart
// with no other whitespace, control character or '}', and a tag value with nothing to
// escape or blank. Byte loops are the definitions; the fast forms give the same answers
// 16 bytes at a time where SSE2 is available (every x86-64), a comment's eight at a time
// elsewhere. The tests check one against the other.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#define CHESSTOOL_PLAIN_TEXT_SSE2 1
#endif

namespace chesstool::output::detail {

// Plain or not; Ascii when its columns are its bytes too.
enum class Plainness { No, Ascii, Unicode };

// The definition: no blank first, last or after a blank; no byte below 0x20, DEL, 0xC2
// (which starts a C1 control character, among others) or '}'.
inline Plainness plainness_bytewise(std::string_view text) {
  if (text.empty() || text.front() == ' ' || text.back() == ' ') return Plainness::No;
  bool ascii = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F || c == 0xC2 || c == '}') return Plainness::No;
    if (c == ' ' && text[i + 1] == ' ') return Plainness::No;  // the text does not end with a blank
    if (c >= 0x80) ascii = false;
  }
  return ascii ? Plainness::Ascii : Plainness::Unicode;
}

// The byte loop for short texts, with the usual byte ('!' to '|') in one test.
inline Plainness plainness_short(std::string_view text) {
  bool ascii = true;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  for (const auto* end = p + text.size(); p != end; ++p) {
    const unsigned c = *p;
    if (c - '!' < unsigned('}' - '!') || c == '~') continue;
    if (c >= 0x80 && c != 0xC2) {
      ascii = false;
    } else if (c == ' ') {
      if (p[1] == ' ') return Plainness::No;  // there is a p[1]: the text does not end with a blank
    } else {
      return Plainness::No;  // a control byte, '}', or 0xC2
    }
  }
  return ascii ? Plainness::Ascii : Plainness::Unicode;
}

#if CHESSTOOL_PLAIN_TEXT_SSE2
// Bit i set where byte i of v is not plain, counting a blank followed by a blank only
// where `pairs` has bit i (bytes i and i + 1 stand side by side in the text); high bytes
// in `high`. Only the bytes of `lanes` count.
[[gnu::always_inline]] inline void not_plain_lanes(__m128i v, unsigned lanes, unsigned pairs, unsigned& bad, unsigned& high) {
  const __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);  // v <= 0x1F
  const __m128i odd = _mm_or_si128(_mm_or_si128(low, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F))),
                                   _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(0xC2))),
                                                _mm_cmpeq_epi8(v, _mm_set1_epi8('}'))));
  const auto blanks = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' '))));
  bad |= (static_cast<unsigned>(_mm_movemask_epi8(odd)) & lanes) | (blanks & (blanks >> 1) & pairs);
  high |= static_cast<unsigned>(_mm_movemask_epi8(v)) & lanes;
}

// Calls visit(v, lanes, pairs) on 16-byte blocks v that together hold every byte of a
// text of 4 bytes or more: `lanes` has bit i where byte i of v is one of the text's,
// `pairs` where bytes i and i + 1 stand side by side in it (every such pair of the text
// is in some block).
template <class Visit>
inline void for_each_block(const char* p, std::size_t n, Visit visit) {
  if (n > 16) {
    // 16 bytes at a time, each block overlapping the one before by a byte (so that a pair
    // across two blocks is seen), the last one ending at the text's end.
    for (std::size_t i = 0;; i += 15) {
      if (i + 16 > n) i = n - 16;
      visit(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)), 0xFFFFu, 0x7FFFu);
      if (i + 16 == n) break;
    }
  } else if (n >= 8) {
    // The first and the last eight bytes, side by side: every pair of neighbours is in one
    // half, but for bytes 7 and 8 of a text of 16, which meet across the halves.
    visit(_mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)),
                             _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + n - 8))),
          0xFFFFu, n == 16 ? 0x7FFFu : 0x7F7Fu);
  } else {
    // The first and the last four bytes, in the low eight lanes.
    std::uint32_t first, last;
    std::memcpy(&first, p, 4);
    std::memcpy(&last, p + n - 4, 4);
    const std::uint64_t both = first | std::uint64_t(last) << 32;
    visit(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(&both)), 0xFFu, 0x77u);
  }
}

inline Plainness plainness(std::string_view text) {
  if (text.empty() || text.front() == ' ' || text.back() == ' ') return Plainness::No;
  if (text.size() < 4) return plainness_short(text);
  unsigned bad = 0, high = 0;
  for_each_block(text.data(), text.size(),
                 [&](__m128i v, unsigned lanes, unsigned pairs) { not_plain_lanes(v, lanes, pairs, bad, high); });
  if (bad != 0) return Plainness::No;
  return high == 0 ? Plainness::Ascii : Plainness::Unicode;
}
#else
// Eight bytes at a time (SWAR): a byte's high bit in the result for each byte of v that is...
constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull, kLow7 = 0x7F7F7F7F7F7F7F7Full;
// ...zero (exact: no borrow runs from one byte into the next),
constexpr std::uint64_t zero_bytes(std::uint64_t v) { return ~(((v & kLow7) + kLow7) | v | kLow7); }
// ...below n (1 <= n <= 0x80; bytes from 0x80 up are not),
constexpr std::uint64_t bytes_below(std::uint64_t v, unsigned n) { return ~(((v & kLow7) + kOnes * (0x80 - n)) | v) & kHigh; }
// ...not plain: a control byte, DEL, 0xC2, '}', or a blank followed by a blank (byte i
// and i + 1 of v, the lower address first).
constexpr std::uint64_t not_plain_bytes(std::uint64_t v) {
  const std::uint64_t blanks = zero_bytes(v ^ (kOnes * ' '));
  return bytes_below(v, 0x20) | zero_bytes(v ^ (kOnes * 0x7F)) | zero_bytes(v ^ (kOnes * 0xC2)) |
         zero_bytes(v ^ (kOnes * '}')) | (blanks & (blanks >> 8));
}

inline Plainness plainness(std::string_view text) {
  if (text.empty() || text.front() == ' ' || text.back() == ' ') return Plainness::No;
  const std::size_t n = text.size();
  if (n < 8) return plainness_short(text);
  // Words of eight bytes, each overlapping the one before by a byte (so that a pair of
  // blanks across two words is seen), the last one ending at the text's end.
  std::uint64_t bad = 0, high = 0;
  for (std::size_t i = 0;; i += 7) {
    if (i + 8 > n) i = n - 8;
    std::uint64_t v;
    std::memcpy(&v, text.data() + i, 8);
    bad |= not_plain_bytes(v);
    high |= v;
    if (i + 8 == n) break;
  }
  if (bad != 0) return Plainness::No;
  return (high & kHigh) == 0 ? Plainness::Ascii : Plainness::Unicode;
}
#endif

// The definition for a tag value: no quote or backslash (escaped), no byte below 0x20,
// DEL or 0xC2 (written as a blank; 0xC2 starts a C1 control character, among others).
inline bool tag_value_verbatim_bytewise(std::string_view value) {
  for (const char ch : value) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F || c == 0xC2 || c == '"' || c == '\\') return false;
  }
  return true;
}

inline bool tag_value_verbatim(std::string_view value) {
#if CHESSTOOL_PLAIN_TEXT_SSE2
  if (value.size() < 4) return tag_value_verbatim_bytewise(value);
  unsigned bad = 0;
  for_each_block(value.data(), value.size(), [&bad](__m128i v, unsigned lanes, unsigned) {
    const __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);  // v <= 0x1F
    const __m128i quote = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    const __m128i control = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)),
                                         _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(0xC2))));
    bad |= static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(low, quote), control))) & lanes;
  });
  return bad == 0;
#else
  return tag_value_verbatim_bytewise(value);
#endif
}

}  // namespace chesstool::output::detail
