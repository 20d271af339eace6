// SPDX-License-Identifier: MIT
// Makes untrusted text (tag values, tokens, file names) safe to show on a terminal or in a log.
#pragma once

#include <string>
#include <string_view>

namespace chesstool::output {

// The text with every character that could act on a terminal shown as an escape: C0
// controls and DEL as \x1B-style escapes (newline and tab included: a diagnostic is one
// line), C1 controls (U+0080-U+009F) and the bidi embeddings, overrides and isolates
// (U+202A-U+202E, U+2066-U+2069) as \u202E-style escapes, and bytes that are not UTF-8
// as \xFF-style escapes. Everything else, other scripts included, is kept as it is.
std::string terminal_safe(std::string_view text);

// True when terminal_safe(text) would change nothing (the common case, checked first).
bool is_terminal_safe(std::string_view text);

// The bytes of the character at text[i] that terminal_safe would escape (a control, a
// bidi control, a byte that is not UTF-8), 0 when it keeps that character. i < text.size().
std::size_t unsafe_character_at(std::string_view text, std::size_t i);

// Lines of output data (PGN, CSV, JSON) for a terminal: each line, without the CR of a
// CRLF line end, through terminal_safe, and the line ends kept as LF.
std::string terminal_safe_lines(std::string_view text);

}  // namespace chesstool::output
