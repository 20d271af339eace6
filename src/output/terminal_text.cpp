// SPDX-License-Identifier: MIT
// terminal_safe: escapes controls, bidi overrides and broken UTF-8 before text reaches a terminal.
#include "output/terminal_text.hpp"

#include <fmt/format.h>

namespace chesstool::output {

namespace {

// Length of the well-formed UTF-8 sequence at s[i] (overlong forms, surrogates and
// values above U+10FFFF are not well formed), 0 when there is none; cp gets its value.
std::size_t utf8_sequence(std::string_view s, std::size_t i, char32_t& cp) {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t len = 0;
  char32_t min = 0;
  if (b < 0x80) {
    cp = b;
    return 1;
  }
  if ((b & 0xE0) == 0xC0) len = 2, cp = b & 0x1F, min = 0x80;
  else if ((b & 0xF0) == 0xE0) len = 3, cp = b & 0x0F, min = 0x800;
  else if ((b & 0xF8) == 0xF0) len = 4, cp = b & 0x07, min = 0x10000;
  else return 0;
  if (i + len > s.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    if ((c & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (c & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

// Controls, the bidi overrides and isolates, and U+FEFF: a byte order mark inside the text
// (files joined by cat) is invisible, so a token quoted with one would look like another.
bool needs_escape(char32_t cp) {
  return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF;
}

}  // namespace

std::size_t unsafe_character_at(std::string_view text, std::size_t i) {
  char32_t cp = 0;
  const std::size_t len = utf8_sequence(text, i, cp);
  if (len == 0) return 1;
  return needs_escape(cp) ? len : 0;
}

bool is_terminal_safe(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b >= 0x20 && b < 0x7F) {
      ++i;
      continue;
    }
    char32_t cp = 0;
    const std::size_t len = utf8_sequence(text, i, cp);
    if (len == 0 || needs_escape(cp)) return false;
    i += len;
  }
  return true;
}

std::string terminal_safe(std::string_view text) {
  if (is_terminal_safe(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t len = utf8_sequence(text, i, cp);
    if (len == 0) {
      out += fmt::format("\\x{:02X}", unsigned(static_cast<unsigned char>(text[i])));
      ++i;
      continue;
    }
    if (!needs_escape(cp))
      out.append(text.substr(i, len));
    else if (cp < 0x80)
      out += fmt::format("\\x{:02X}", unsigned(cp));
    else
      out += fmt::format("\\u{:04X}", unsigned(cp));
    i += len;
  }
  return out;
}

std::string terminal_safe_lines(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    const bool has_end = end != std::string_view::npos;
    if (!has_end) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (has_end && !line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (is_terminal_safe(line))
      out.append(line);
    else
      out += terminal_safe(line);
    if (has_end) out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace chesstool::output
