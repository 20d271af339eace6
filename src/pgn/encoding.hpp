// SPDX-License-Identifier: MIT
// Text encoding helpers for PGN input: UTF-8 validation and Windows-1252 to UTF-8 conversion.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/excerpt.hpp"

namespace chesstool::pgn {

// Byte offset of the first byte that does not start a well-formed UTF-8 sequence
// (RFC 3629: overlong forms, UTF-16 surrogates U+D800..U+DFFF, code points above
// U+10FFFF, stray continuation bytes and truncated sequences are invalid; for a
// truncated or otherwise broken multi-byte sequence the offset of its lead byte is
// returned). std::nullopt when the whole text is valid. NUL is valid UTF-8.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

// True when the whole text is valid UTF-8.
inline bool is_valid_utf8(std::string_view text) { return !first_invalid_utf8(text).has_value(); }

// Converts every byte of text as Windows-1252 (a Latin-1 superset) to UTF-8.
// The five bytes CP1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the
// C1 control code points of the same value, as in Latin-1, so no byte is ever lost.
// Meant for text that failed first_invalid_utf8(): old archives are Latin-1/CP1252.
std::string cp1252_to_utf8(std::string_view text);

// text without the UTF-8 byte order mark it may start with (Windows editors save UTF-8
// with one). The line readers (FEN lines, JSON games) skip it at the start of an input
// only, and count columns from the byte after it.
inline std::string_view without_bom(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

// Text in UTF-8 with a few bytes that are not (a Latin-1 name typed into a UTF-8 file),
// to UTF-8: every well-formed UTF-8 sequence stays, every other byte is read as
// Windows-1252. "M\xC3\xBCller, J\xE9r\xF4me" gives "Müller, Jérôme", where
// cp1252_to_utf8 would give "MÃ¼ller". A text wholly in Windows-1252 comes out as
// cp1252_to_utf8 makes it, unless it holds a byte pair that happens to be UTF-8 ("Ã©").
std::string repair_utf8(std::string_view text);

// text unchanged when it is valid UTF-8, otherwise repair_utf8(text).
std::string utf8_or_cp1252(std::string_view text);

// A piece of input (a token, a tag pair) as a message shows it: its first `max` bytes,
// cut between UTF-8 characters and followed by "..." when cut (a 100 MB "token" must not
// become a 100 MB message), read as tag values are (UTF-8, else Windows-1252). Control
// characters stay: the console and the JSON writer escape them.
std::string message_excerpt(std::string_view text, std::size_t max = kExcerptBytes);

}  // namespace chesstool::pgn
