// SPDX-License-Identifier: MIT
// UTF-8 validation with an ASCII fast path, and Windows-1252 to UTF-8 conversion.
#include "pgn/encoding.hpp"

#include <cstdint>
#include <cstring>

namespace chesstool::pgn {

namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

bool is_continuation(unsigned char c) { return (c & 0xC0U) == 0x80U; }

// Code points of CP1252 bytes 0x80..0x9F; the undefined ones keep their Latin-1 value.
constexpr char16_t kCp1252High[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,  // 0x80
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,  // 0x88
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 0x90
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,  // 0x98
};

void append_code_point(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// The length of the well-formed UTF-8 sequence whose lead byte s[i] (>= 0x80) is, 0 when
// none starts there. Bounds of the second byte narrow per lead byte: this is what rejects
// overlong forms (E0 80..9F, F0 80..8F), surrogates (ED A0..BF) and > U+10FFFF (F4 90..).
std::size_t sequence_at(const unsigned char* s, std::size_t i, std::size_t n) {
  const unsigned char c = s[i];
  std::size_t len = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;  // 0x80..0xC1 (continuation or overlong lead) and 0xF5..0xFF
  }
  if (i + len > n || s[i + 1] < lo || s[i + 1] > hi) return 0;
  for (std::size_t k = 2; k < len; ++k)
    if (!is_continuation(s[i + k])) return 0;
  return len;
}

// One byte as Windows-1252, to UTF-8.
void append_cp1252(std::string& out, unsigned char c) {
  if (c < 0x80) out.push_back(static_cast<char>(c));
  else if (c < 0xA0) append_code_point(out, kCp1252High[c - 0x80]);
  else append_code_point(out, c);  // 0xA0..0xFF are identical to Latin-1 / U+00A0..U+00FF
}

}  // namespace

std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::size_t i = 0;
  while (i < n) {
    // PGN is overwhelmingly ASCII: skip 8 bytes at a time while no high bit is set.
    while (i + 8 <= n) {
      std::uint64_t word;
      std::memcpy(&word, s + i, 8);
      if (word & kHighBits) break;
      i += 8;
    }
    if (i >= n) break;
    if (s[i] < 0x80) {
      ++i;
      continue;
    }
    const std::size_t len = sequence_at(s, i, n);
    if (len == 0) return i;
    i += len;
  }
  return std::nullopt;
}

std::string cp1252_to_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 4);
  for (const char ch : text) append_cp1252(out, static_cast<unsigned char>(ch));
  return out;
}

std::string repair_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  std::string out;
  out.reserve(n + n / 4);
  for (std::size_t i = 0; i < n;) {
    const std::size_t len = s[i] < 0x80 ? 1 : sequence_at(s, i, n);
    if (len == 0) {
      append_cp1252(out, s[i++]);
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  return out;
}

std::string utf8_or_cp1252(std::string_view text) {
  if (is_valid_utf8(text)) return std::string(text);
  return repair_utf8(text);
}

std::string message_excerpt(std::string_view text, std::size_t max) {
  const std::size_t cut = excerpt_length(text, max);
  if (cut == text.size()) return utf8_or_cp1252(text);
  return utf8_or_cp1252(text.substr(0, cut)) + "...";
}

}  // namespace chesstool::pgn
