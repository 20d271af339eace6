// SPDX-License-Identifier: MIT
// How many terminal columns text takes, for tables, the progress line and carets under a column.
#pragma once

#include <cstddef>
#include <string_view>

namespace chesstool::output {

// Decodes the UTF-8 character at s[i] and moves i past it; a byte that does not begin a
// whole character gives -1 and i moves one byte.
long next_code_point(std::string_view s, std::size_t& i);

// Terminal columns of one character (utf8proc's width, from the Unicode data): combining
// marks that do not space and format characters (bidi isolates among them) 0, East Asian
// wide and fullwidth characters and emoji 2, everything else 1; as terminals and wcwidth
// count them, spacing marks take their column, Hangul's conjoining vowels and finals none,
// and prepended format characters (the Arabic number sign) one. A byte that is not UTF-8 (-1) takes 1, as
// the replacement character a terminal shows for it; a control character 0.
int character_width(long code_point);

// Whether a character is a mark that belongs to the one before it (a combining accent, an
// Indic vowel sign): a cut between the two would leave it alone.
bool is_mark(long code_point);

// The columns of a UTF-8 string: the sum of its characters'.
int display_width(std::string_view utf8);

}  // namespace chesstool::output
