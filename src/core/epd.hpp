// SPDX-License-Identifier: MIT
// EPD lines (PGN standard 16.2): the four position fields of a FEN, then operations, each
// an opcode, its operands and a semicolon ("bm Nf3; id \"test 1\"; hmvc 3;").
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace chesstool {

struct EpdLine {
  // The line as a FEN: the four fields, then the counters of hmvc and fmvn (0 and 1
  // without them); a FEN line (its fifth field is no opcode) as it is.
  std::string fen;
  // The operations but hmvc and fmvn, each "opcode operand ...; " with its blanks collapsed
  // and its strings as written; empty for a FEN line.
  std::string operations;
  // What is wrong with the operations, and the column (1-based, in the line given) of the
  // operation at fault; the position fields are parse_fen's to judge.
  std::optional<std::string> error;
  std::size_t error_column = 0;
  // Where the hmvc and fmvn operations start (1-based), 0 when the line has none: a fault
  // parse_fen finds in a counter is there.
  std::size_t hmvc_column = 0, fmvn_column = 0;
};

// Reads a FEN or EPD line (without its line end and surrounding blanks). An operation must
// end in ';' and close its strings; hmvc and fmvn take one whole number from 0 to
// 999999999, once each.
EpdLine read_epd_line(std::string_view line);

}  // namespace chesstool
