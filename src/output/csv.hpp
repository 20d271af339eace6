// SPDX-License-Identifier: MIT
// CSV records by RFC 4180: fields quoted when they must be, records ended by CRLF.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace chesstool::output {

// One field: as it is, or in double quotes (inner quotes doubled) when it holds a comma,
// a double quote or a line end (RFC 4180 2.6, 2.7), or starts with a single quote (as
// csv_text writes a text that a spreadsheet would take for a formula).
std::string csv_field(std::string_view s);

// A cell of text from the input (a tag value, a player's name), for append_csv_record.
// A spreadsheet takes a cell that starts with '=', '+', '-', '@', a tab or a CR for a
// formula, which can run commands or leak data ("CSV injection", OWASP): such a text
// gets a leading ' (and quotes), which makes it text. A signed number ("-7", "+0.5") is no
// formula and stays a number, as do the numbers the tool computes.
std::string csv_text(std::string_view s);

// Appends one record: the fields joined by commas, ended by CRLF (RFC 4180 2.1). A record
// of one empty field is written "" so that it is not a blank line.
void append_csv_record(std::string& out, const std::vector<std::string>& fields);

}  // namespace chesstool::output
