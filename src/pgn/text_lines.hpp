// SPDX-License-Identifier: MIT
// The lines of a text input (NDJSON records, FEN lines), read as the bytes come with memory for the longest.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "io/source.hpp"

namespace chesstool::pgn {

// One line of a text input (NDJSON records, FEN lines).
struct TextLine {
  std::string text;              // without its line end (LF, CRLF or CR) or a BOM at its start
  std::string_view line_end = "\n";  // as it was read (a literal): "\n", "\r\n" or "\r"; "\n" at the end
  std::uint64_t line = 0;        // 1-based
  std::uint64_t byte_offset = 0; // of the line's first byte from the start of the member
};

// Reads the current member of a ByteSource one line at a time, skipping lines that hold
// only whitespace: memory is the longest line, whatever the input's size. Read errors are
// the source's (source.error()).
class TextLines {
 public:
  // `unit` names a line in the error for one past kMaxGameBytes ("the record", "the FEN");
  // a line of `blanks` only is blank (JSON's whitespace; a FEN line's are blanks and tabs).
  explicit TextLines(io::ByteSource& source, std::string_view unit = "the record",
                     std::string_view blanks = " \t\r\f\v")
      : source_(source), unit_(unit), blanks_(blanks) {}
  // The next line that is not blank; false at the end of the member or on a read error.
  // A last line without its line end that a read error cut is not handed out.
  bool next(TextLine& out);
  // The line of the record a read error cut off (left out), or 0.
  std::uint64_t cut_line() const { return cut_line_; }

 private:
  bool fill();
  bool too_long();  // stops the input at a line past kMaxGameBytes; false
  io::ByteSource& source_;
  std::string unit_;
  std::string_view blanks_;  // a literal: it outlives the reader
  std::string buf_;
  std::size_t pos_ = 0;
  std::uint64_t line_ = 0, offset_ = 0, cut_line_ = 0;
  bool eof_ = false;
};

}  // namespace chesstool::pgn
