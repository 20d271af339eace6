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
