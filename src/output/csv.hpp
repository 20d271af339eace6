// SPDX-License-Identifier: MIT
// CSV records by RFC 4180: fields quoted when they must be, records ended by CRLF.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace chesstool::output {

// One field: as it is, or in double quotes (inner quotes doubled) when it holds a comma,
// a double quote or a line end (RFC 4180 2.6, 2.7).
std::string csv_field(std::string_view s);

// Appends one record: the fields joined by commas, ended by CRLF (RFC 4180 2.1). A record
// of one empty field is written "" so that it is not a blank line.
void append_csv_record(std::string& out, const std::vector<std::string>& fields);

}  // namespace chesstool::output
