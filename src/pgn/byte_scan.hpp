// SPDX-License-Identifier: MIT
// Byte scanning for the PGN lexers: find the next byte of a small set (and find out
// whether a text is plain ASCII without NUL), 16 bytes at a time where SSE2 is
// available (every x86-64), a byte at a time elsewhere. Both give
// identical results; the tests check one against the other.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/dispatch.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#include <immintrin.h>
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

// The line ends that the splitter's mid-line skip (below) passes over, counted as the
// splitter counts them (CR, LF and CRLF once each): count of them, and the last byte of
// the last one (the LF of a CRLF), from which the next line starts; nullptr when none.
struct LineEnds {
  std::uint64_t count = 0;
  const unsigned char* last = nullptr;
};

// Where a line that follows a line end of movetext may begin without the line end
// mattering: a letter or a digit (a move, a move number) is mid-line movetext at once;
// a blank, another line end (an empty line may start a game), '%' (an escape in column
// 1), a BOM's 0xEF, a '[' and the other delimiters are not.
constexpr bool plain_line_start(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
// The same inside a {comment}: only a line that starts with a blank (a NUL is one, as in
// detail::kByteClass) or a line end (an empty line, or blanks before a tag pair line that
// may end the game) or with a BOM (not counted in the line's columns) is looked at again.
// (Written as two ranges: the list of eight compares cost 3% of the skip.)
constexpr bool plain_comment_line_start(unsigned char c) {
  if (c > ' ') return c != 0xEF;
  return c != ' ' && c != 0 && (c < '\t' || c > '\r');  // '\t' '\n' '\v' '\f' '\r'
}

// Just past the line end at x (a CR, an LF, or the CR of a CRLF) when the byte after it is
// in [x, end) and the line end is not the LF of a CRLF whose CR is before start; else
// nullptr (the skip stops there and the splitter reads the line end itself).
inline const unsigned char* after_line_end(const unsigned char* start, const unsigned char* x,
                                           const unsigned char* end) {
  if (*x == '\r') {
    if (end - x >= 2 && x[1] == '\n') return end - x >= 3 ? x + 2 : nullptr;
    return end - x >= 2 ? x + 1 : nullptr;
  }
  if (x == start || x[-1] == '\r') return nullptr;
  return end - x >= 2 ? x + 1 : nullptr;
}

// Whether the '-' at x may be the one of a result symbol (1-0, 0-1, 1/2-1/2), which the
// splitter must read; any other '-' (castling, a NAG-like text) changes nothing mid-line.
inline bool dash_may_end_game(const unsigned char* start, const unsigned char* x, const unsigned char* end) {
  if (x == start || end - x < 2) return true;
  const unsigned char before = x[-1], after = x[1];
  return (before == '1' && after == '0') || (before == '0' && after == '1') || (before == '2' && after == '1');
}

// Whether the 0xEF at x may begin a UTF-8 BOM, which the splitter must read (one that does
// not start its line ends the game); it may when its other bytes are not in [x, end).
inline bool bom_may_start(const unsigned char* x, const unsigned char* end) {
  return (end - x < 2 || x[1] == 0xBB) && (end - x < 3 || x[2] == 0xBF);
}

// Counts the line end at x (the splitter's newline_lf/newline_cr): the LF of a CRLF is
// counted with its CR.
inline void count_line_end(const unsigned char* x, LineEnds& lines) {
  if (*x == '\n') {
    if (x[-1] != '\r') ++lines.count;
  } else {
    ++lines.count;
  }
  lines.last = x;
}

// The comment whose '{' is at p, as the skip below reads it: just past its '}' when it
// closes before end and every line end in it is followed by a plain comment line start
// (its line ends are then added to lines), else nullptr.
inline const unsigned char* skip_plain_comment(const unsigned char* start, const unsigned char* p,
                                               const unsigned char* end, LineEnds& lines) {
  LineEnds inner;
  for (const unsigned char* q = p + 1;;) {
    q = find_any<'}', '\n', '\r'>(q, end);
    if (q == end) return nullptr;
    if (*q == '}') {
      lines.count += inner.count;
      if (inner.last) lines.last = inner.last;
      return q + 1;
    }
    const unsigned char* next = after_line_end(start, q, end);
    if (!next || !plain_comment_line_start(*next)) return nullptr;
    for (; q < next; ++q) count_line_end(q, inner);
  }
}

// The splitter's skip over the middle of a movetext line, from start (which is outside any
// comment, after a token): the first byte at or after start that is one of ( ) [ ; *, a
// '-' that may be a result's (dash_may_end_game), a 0xEF that may begin a BOM
// (bom_may_start), a line end not followed by a plain line
// start (after_line_end, plain_line_start), or a '{' whose comment does not close before
// end or holds a line end not followed by a plain comment line start. Comments and the
// other line ends are passed over, and the line ends passed over, in comments or not,
// are added to lines. This byte loop is the definition; skip_movetext_run must return
// what it returns, from start, with the same lines. p: where to go on from (start, or a
// point that skip_movetext_run reached).
inline const unsigned char* skip_movetext_run_scalar(const unsigned char* start, const unsigned char* p,
                                                     const unsigned char* end, LineEnds& lines) {
  for (;;) {
    p = find_any<'\n', '\r', '{', '(', ')', '[', ';', '*', '-', '\xEF'>(p, end);
    if (p == end) return p;
    if (*p == '-') {
      if (dash_may_end_game(start, p, end)) return p;
      ++p;
    } else if (*p == '\n' || *p == '\r') {
      const unsigned char* next = after_line_end(start, p, end);
      if (!next || !plain_line_start(*next)) return p;
      for (; p < next; ++p) count_line_end(p, lines);
    } else if (*p == '{') {
      const unsigned char* past = skip_plain_comment(start, p, end, lines);
      if (!past) return p;
      p = past;
    } else if (*p == 0xEF && !bom_may_start(p, end)) {
      ++p;
    } else {
      return p;
    }
  }
}

inline const unsigned char* skip_movetext_run_scalar(const unsigned char* start, const unsigned char* end,
                                                     LineEnds& lines) {
  return skip_movetext_run_scalar(start, start, end, lines);
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

// The bits below bit i (all of them for i = 64).
inline std::uint64_t bits_below(int i) { return i >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << i) - 1; }

// One block of skip_movetext_run: its comments are `inside` (bits from a '{' up to its
// '}'), the bits from `limit` on are left to the next block. The first stop below limit
// (64: none), passing over the line ends and dashes that skip_movetext_run_scalar passes
// over; resume is moved past a CRLF that straddles the block's end.
inline int movetext_block_stop(const unsigned char* start, const unsigned char* q, const unsigned char* end,
                               std::uint64_t open, std::uint64_t line_end, std::uint64_t other,
                               std::uint64_t inside, int limit, const unsigned char*& resume) {
  std::uint64_t events = (line_end | other) & ~inside & bits_below(limit);
  int stop = 64;
  while (events) {
    const int i = __builtin_ctzll(events);
    const unsigned char* x = q + i;
    if (*x == '-') {
      if (dash_may_end_game(start, x, end)) {
        stop = i;
        break;
      }
    } else if (*x == '\n' || *x == '\r') {
      const unsigned char* next = after_line_end(start, x, end);
      if (!next || !plain_line_start(*next)) {
        stop = i;
        break;
      }
      if (next - x == 2) events &= ~(std::uint64_t(2) << i);  // the LF of the CRLF
      if (next > resume) resume = next;
    } else if (*x != 0xEF || bom_may_start(x, end)) {  // a 0xEF that begins no BOM changes nothing
      stop = i;
      break;
    }
    events &= events - 1;
  }
  // A line end in a comment before the stop that is not followed by a plain comment line
  // start: the skip stops at that comment's '{'.
  for (std::uint64_t in = line_end & inside & bits_below(stop); in; in &= in - 1) {
    const int i = __builtin_ctzll(in);
    const unsigned char* next = after_line_end(start, q + i, end);
    if (!next || !plain_comment_line_start(*next)) return 63 - __builtin_clzll(open & bits_below(i));
    if (next - (q + i) == 2) in &= ~(std::uint64_t(2) << i);
  }
  return stop;
}
#endif

#if CHESSTOOL_HAVE_SSE2
// One 64-byte block at q of skip_movetext_run, given where its '{', '}', line ends and
// other stops are: the stop, or nullptr with q moved on to where the next block starts.
// Where the braces alternate, the bytes inside comments are a prefix XOR of the brace
// bits, with no branch per comment. A comment that runs past the block's end is read on
// to its '}' by the byte loop (skip_plain_comment), and the next block starts after it, as
// does one at the block's start in a block whose braces do not alternate (a stray '}'
// after a comment, a '{' inside one).
inline const unsigned char* movetext_block(const unsigned char* start, const unsigned char*& q,
                                           const unsigned char* end, std::uint64_t open, std::uint64_t close,
                                           std::uint64_t line_end, std::uint64_t other, LineEnds& lines) {
  std::uint64_t inside = 0;
  int limit = 64;
  bool tail = false;
  if (open) {
    close &= ~std::uint64_t(0) << __builtin_ctzll(open);  // a '}' before the first '{' is a stray
    inside = prefix_xor(open | close);                    // from a '{' up to its '}'
    if ((open & ~inside) != 0 || (close & inside) != 0) {
      inside = 0;  // a stray '}' after a comment, or a '{' inside one
      limit = __builtin_ctzll(open);
    } else if (inside >> 63) {
      limit = 63 - __builtin_clzll(open);  // the last comment runs on past the block
      tail = true;
    }
  }
  if (limit == 0) {  // the comment at q: the byte loop's way
    const unsigned char* past = skip_plain_comment(start, q, end, lines);
    if (!past) return q;
    q = past;
    return nullptr;
  }
  const unsigned char* resume = q + limit;
  const int stop = movetext_block_stop(start, q, end, open, line_end, other, inside, limit, resume);
  for (std::uint64_t le = line_end & bits_below(stop < 64 ? stop : limit); le; le &= le - 1) {
    const unsigned char* x = q + __builtin_ctzll(le);
    count_line_end(x, lines);
    if (*x == '\r' && x[1] == '\n') lines.last = x + 1;  // a CRLF across the block's end
  }
  if (stop < 64) return q + stop;
  q = resume;
  if (tail) {  // the rest of the last comment (a few bytes, most often) the byte loop's way
    const unsigned char* past = skip_plain_comment(start, q, end, lines);
    if (!past) return q;
    q = past;
  }
  return nullptr;
}

// skip_movetext_run's blocks with SSE2 (every x86-64); q is where the byte loop goes on.
inline const unsigned char* skip_movetext_blocks_sse2(const unsigned char* start, const unsigned char*& q,
                                                      const unsigned char* end, LineEnds& lines) {
  while (end - q >= 64) {
    __m128i v[4];
    for (int k = 0; k < 4; ++k) v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q + 16 * k));
    const std::uint64_t open = mask64<'{'>(v);
    const std::uint64_t line_end = mask64<'\n', '\r'>(v);
    const std::uint64_t other = mask64<'(', ')', '[', ';', '*', '-', '\xEF'>(v);
    if ((open | line_end | other) == 0) {
      q += 64;
      continue;
    }
    if (const unsigned char* stop = movetext_block(start, q, end, open, open ? mask64<'}'>(v) : 0, line_end, other, lines))
      return stop;
  }
  return nullptr;
}
#endif

#if CHESSTOOL_HAVE_SSE2 && defined(__GNUC__) && defined(__x86_64__)
#define CHESSTOOL_HAVE_AVX2_PATH 1
// The same with AVX2, where the CPU has it (nearly every x86-64 since 2013): 32 bytes a
// compare and no copies of the operands, a third of SSE2's instructions per block. In a
// namespace isa_<path>, as the run-time dispatch's other code for one path
// (core/dispatch.hpp; tests/isa/check-baseline.sh checks that none of it leaks).
namespace isa_avx2 {
template <char... Cs>
[[gnu::target("avx2"), gnu::always_inline]] inline std::uint64_t mask64_avx2(const __m256i (&v)[2]) {
  std::uint64_t m = 0;
  for (int k = 0; k < 2; ++k) {
    __m256i hit = _mm256_setzero_si256();
    ((hit = _mm256_or_si256(hit, _mm256_cmpeq_epi8(v[k], _mm256_set1_epi8(Cs)))), ...);
    m |= std::uint64_t(static_cast<std::uint32_t>(_mm256_movemask_epi8(hit))) << (32 * k);
  }
  return m;
}

[[gnu::target("avx2")]] inline const unsigned char* skip_movetext_blocks(const unsigned char* start,
                                                                        const unsigned char*& q,
                                                                        const unsigned char* end, LineEnds& lines) {
  while (end - q >= 64) {
    __m256i v[2];
    for (int k = 0; k < 2; ++k) v[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 32 * k));
    const std::uint64_t open = mask64_avx2<'{'>(v);
    const std::uint64_t line_end = mask64_avx2<'\n', '\r'>(v);
    const std::uint64_t other = mask64_avx2<'(', ')', '[', ';', '*', '-', '\xEF'>(v);
    if ((open | line_end | other) == 0) {
      q += 64;
      continue;
    }
    const std::uint64_t close = open ? mask64_avx2<'}'>(v) : 0;
    if (const unsigned char* stop = movetext_block(start, q, end, open, close, line_end, other, lines)) return stop;
  }
  return nullptr;
}
}  // namespace isa_avx2

#endif

// skip_movetext_run_scalar, 64 bytes at a time (movetext_block). Lichess-style movetext
// has a comment ("{ [%clk 0:03:00] }") every 15 bytes or so, and a line end every 80
// bytes or so, in comments or not, that is passed over in the block. avx2: use the AVX2
// blocks (core/dispatch.hpp's avx2_byte_scan(); the tests compare both paths).
inline const unsigned char* skip_movetext_run(const unsigned char* start, const unsigned char* end, LineEnds& lines,
                                              [[maybe_unused]] bool avx2) {
  const unsigned char* q = start;
#if CHESSTOOL_HAVE_AVX2_PATH
  if (avx2) {
    if (const unsigned char* stop = isa_avx2::skip_movetext_blocks(start, q, end, lines)) return stop;
    return skip_movetext_run_scalar(start, q, end, lines);
  }
#endif
#if CHESSTOOL_HAVE_SSE2
  if (const unsigned char* stop = skip_movetext_blocks_sse2(start, q, end, lines)) return stop;
#endif
  return skip_movetext_run_scalar(start, q, end, lines);
}

inline const unsigned char* skip_movetext_run(const unsigned char* start, const unsigned char* end, LineEnds& lines) {
  return skip_movetext_run(start, end, lines, avx2_byte_scan());
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
