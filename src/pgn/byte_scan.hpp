// SPDX-License-Identifier: MIT
// Byte scanning primitives for the PGN lexers: find the next byte of a small set, and
// count line ends, 16 bytes at a time where SSE2 is available (every x86-64), a byte at
// a time elsewhere. Both give identical results; the tests run the scalar versions too.
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

// Line ends in [p, end): CR, LF and CRLF count once each. prev_cr says whether the byte
// before p is a CR (then an LF at p completes that CRLF and is not counted again).
struct LineEnds {
  std::uint64_t count = 0;
  const unsigned char* after_last = nullptr;  // just past the last CR or LF; nullptr if none
};

inline LineEnds count_line_ends_scalar(const unsigned char* p, const unsigned char* end, bool prev_cr) {
  LineEnds r;
  for (; p < end; ++p) {
    const unsigned char c = *p;
    if (c == '\n') {
      if (!prev_cr) ++r.count;
      r.after_last = p + 1;
    } else if (c == '\r') {
      ++r.count;
      r.after_last = p + 1;
    }
    prev_cr = c == '\r';
  }
  return r;
}

inline LineEnds count_line_ends(const unsigned char* p, const unsigned char* end, bool prev_cr) {
#if CHESSTOOL_HAVE_SSE2
  LineEnds r;
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const auto lf = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))));
    const auto cr = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
    if ((lf | cr) != 0) {
      // An LF right after a CR (in this block, or the block's first byte after a CR
      // ending the previous one) is the second half of a CRLF.
      const unsigned lf_after_cr = lf & ((cr << 1) | (prev_cr ? 1U : 0U));
      r.count += static_cast<std::uint64_t>(__builtin_popcount(lf & ~lf_after_cr) + __builtin_popcount(cr));
      r.after_last = p + (32 - __builtin_clz(lf | cr));
    }
    prev_cr = (cr >> 15) != 0;
    p += 16;
  }
  const LineEnds tail = count_line_ends_scalar(p, end, prev_cr);
  r.count += tail.count;
  if (tail.after_last != nullptr) r.after_last = tail.after_last;
  return r;
#else
  return count_line_ends_scalar(p, end, prev_cr);
#endif
}

}  // namespace chesstool::pgn::detail
