// SPDX-License-Identifier: MIT
// Copies of the few bytes a move token, a clock or a tag name has, without a library call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace chesstool {

// Copies n bytes: two overlapping loads of 8 or 4 bytes for the short pieces nearly every
// copy in a game's text is ("Nf3", "12.", "[%clk 0:03:00]"), where memcpy with a size
// known only at run time is a call; longer ones memcpy. Reads and writes only the n bytes.
[[gnu::always_inline]] inline void copy_short(char* to, const char* from, std::size_t n) {
  if (n >= 8 && n <= 16) {
    std::uint64_t head, tail;
    std::memcpy(&head, from, 8);
    std::memcpy(&tail, from + n - 8, 8);
    std::memcpy(to, &head, 8);
    std::memcpy(to + n - 8, &tail, 8);
  } else if (n >= 4 && n < 8) {
    std::uint32_t head, tail;
    std::memcpy(&head, from, 4);
    std::memcpy(&tail, from + n - 4, 4);
    std::memcpy(to, &head, 4);
    std::memcpy(to + n - 4, &tail, 4);
  } else if (n > 0 && n < 4) {  // bytes 0, n/2 and n-1 cover 1 to 3
    const char a = from[0], b = from[n / 2], c = from[n - 1];
    to[0] = a;
    to[n / 2] = b;
    to[n - 1] = c;
  } else if (n > 16) {
    std::memcpy(to, from, n);
  }
}

}  // namespace chesstool
