// SPDX-License-Identifier: MIT
// How much of a piece of input a message shows: a 100 MB "token" must not become a 100 MB message.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace chesstool {

// Messages show a token of the input up to this many bytes, then "...".
inline constexpr std::size_t kExcerptBytes = 40;

// The bytes of text a message shows: all of it up to max bytes, else its first max bytes
// cut back to the start of a UTF-8 character.
inline std::size_t excerpt_length(std::string_view text, std::size_t max = kExcerptBytes) {
  if (text.size() <= max) return text.size();
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return cut;
}

// text as a message shows it, bytes as they are: its excerpt, with "..." when cut.
inline std::string excerpt(std::string_view text, std::size_t max = kExcerptBytes) {
  const std::size_t n = excerpt_length(text, max);
  std::string out(text.substr(0, n));
  if (n < text.size()) out += "...";
  return out;
}

}  // namespace chesstool
