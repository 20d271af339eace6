// SPDX-License-Identifier: MIT
// Byte scanning for the PGN lexers: find the next byte of a small set (and find out
// whether a text is plain ASCII without NUL), 16 bytes at a time where SSE2 is
// available (every x86-64), a byte at a time elsewhere. Both give
// identical results; the tests check one against the other.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#define CHESSTOOL_HAVE_SSE2 1
#endif

namespace chesstool::pgn::detail {

// First p in [p, end) with *p one of Cs, or end.
template <char... Cs>
inline const unsigned char* find_any_scalar(const unsigned char* p, const unsigned char* end) {
  for (; p < end; ++p) {
    const unsigned char c = *p;
    if (((c == static_cast<unsigned char>(Cs)) || ...)) return p;
  }
  return end;
}

template <char... Cs>
inline const unsigned char* find_any(const unsigned char* p, const unsigned char* end) {
#if CHESSTOOL_HAVE_SSE2
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    __m128i hit = _mm_setzero_si128();
    ((hit = _mm_or_si128(hit, _mm_cmpeq_epi8(v, _mm_set1_epi8(Cs)))), ...);
    const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(hit));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
#endif
  return find_any_scalar<Cs...>(p, end);
}

// The splitter's skip over the middle of a movetext line: the first byte at or after p
// (which is outside any comment) that is a line end or one of ( ) [ ; * -, or a '{' whose
// comment does not close on its line; one-line comments "{...}" are skipped whole. This
// byte loop is the definition; skip_movetext_run must return what it returns.
inline const unsigned char* skip_movetext_run_scalar(const unsigned char* p, const unsigned char* end) {
  for (;;) {
    p = find_any<'\n', '\r', '{', '(', ')', '[', ';', '*', '-'>(p, end);
    if (p == end || *p != '{') return p;
    const unsigned char* close = find_any<'}', '\n', '\r'>(p + 1, end);
    if (close == end || *close != '}') return p;  // runs on to another line, or to the end
    p = close + 1;
  }
}

#if CHESSTOOL_HAVE_SSE2
// Bit i set where b[i] is one of Cs, for the 64 bytes at b.
template <char... Cs>
inline std::uint64_t mask64(const __m128i (&v)[4]) {
  std::uint64_t m = 0;
  for (int k = 0; k < 4; ++k) {
    __m128i hit = _mm_setzero_si128();
    ((hit = _mm_or_si128(hit, _mm_cmpeq_epi8(v[k], _mm_set1_epi8(Cs)))), ...);
    m |= std::uint64_t(static_cast<unsigned>(_mm_movemask_epi8(hit))) << (16 * k);
  }
  return m;
}

// Bit i set where an odd number of the bits 0..i of x are set.
inline std::uint64_t prefix_xor(std::uint64_t x) {
  for (int shift = 1; shift < 64; shift *= 2) x ^= x << shift;
  return x;
}
#endif

// skip_movetext_run_scalar, 64 bytes at a time: where the braces of a block alternate,
// the bytes inside comments are a prefix XOR of the brace bits, and the answer is the
// first stop outside them, with no branch per comment. Lichess-style movetext has a
// comment ("{ [%clk 0:03:00] }") every 15 bytes or so. A block whose first stop is not
// a '{' needs no more than that stop; one with a stray '}' after a comment takes the byte
// loop's way.
inline const unsigned char* skip_movetext_run(const unsigned char* p, const unsigned char* end) {
#if CHESSTOOL_HAVE_SSE2
  while (end - p >= 64) {
    __m128i v[4];
    for (int k = 0; k < 4; ++k) v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    const std::uint64_t open = mask64<'{'>(v);
    const std::uint64_t line_end = mask64<'\n', '\r'>(v);
    const std::uint64_t other = mask64<'(', ')', '[', ';', '*', '-'>(v);
    const std::uint64_t first = open | line_end | other;
    if (first == 0) {
      p += 64;
      continue;
    }
    const int at = __builtin_ctzll(first);
    if (!((open >> at) & 1)) return p + at;  // no comment before the stop (a line without comments)
    // Comments from `at` on. A '}' before it is a stray, which changes nothing.
    const std::uint64_t close = mask64<'}'>(v) & (~std::uint64_t(0) << at);
    const std::uint64_t inside = prefix_xor(open | close);  // from a '{' up to its '}'
    if ((open & ~inside) != 0 || (close & inside) != 0) {
      // A stray '}' after a comment, or a '{' inside one: one step of the byte loop.
      const unsigned char* c = find_any<'}', '\n', '\r'>(p + at + 1, end);
      if (c == end || *c != '}') return p + at;
      p = c + 1;
      continue;
    }
    std::uint64_t stops = (line_end | other) & ~inside;
    if (const std::uint64_t broken = line_end & inside) {
      // The first comment that runs on to another line stops the skip at its '{'.
      const std::uint64_t opens_before = open & ((broken & (0 - broken)) - 1);
      stops |= std::uint64_t(1) << (63 - __builtin_clzll(opens_before));
    }
    if (inside >> 63) {
      // The block ends inside a comment: its end is in a later block.
      const int last_open = 63 - __builtin_clzll(open);
      const std::uint64_t before = stops & ((std::uint64_t(1) << last_open) - 1);
      if (before) return p + __builtin_ctzll(before);
      if (last_open > 0) {
        p += last_open;  // the next block starts at that '{'
        continue;
      }
      const unsigned char* c = find_any<'}', '\n', '\r'>(p + 1, end);
      if (c == end || *c != '}') return p;
      p = c + 1;
      continue;
    }
    if (stops) return p + __builtin_ctzll(stops);
    p += 64;
  }
#endif
  return skip_movetext_run_scalar(p, end);
}

// Whether [p, end) holds a NUL or a byte above 0x7F: the one pass that lets a plain ASCII
// game skip both the UTF-8 check and the NUL search.
inline bool has_nul_or_high_scalar(const unsigned char* p, const unsigned char* end) {
  for (; p < end; ++p)
    if (*p == 0 || *p >= 0x80) return true;
  return false;
}

inline bool has_nul_or_high(const unsigned char* p, const unsigned char* end) {
#if CHESSTOOL_HAVE_SSE2
  const __m128i zero = _mm_setzero_si128();
  __m128i seen = zero;  // high bits of the bytes above 0x7F and of NUL's 0xFF compare mask
  for (; end - p >= 16; p += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    seen = _mm_or_si128(seen, _mm_or_si128(v, _mm_cmpeq_epi8(v, zero)));
  }
  if (_mm_movemask_epi8(seen) != 0) return true;
#endif
  return has_nul_or_high_scalar(p, end);
}

}  // namespace chesstool::pgn::detail
