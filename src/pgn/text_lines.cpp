// SPDX-License-Identifier: MIT
#include "pgn/text_lines.hpp"

#include "pgn/encoding.hpp"
#include "pgn/game_splitter.hpp"

namespace chesstool::pgn {

bool TextLines::fill() {
  if (eof_) return false;
  if (pos_ > 0) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  if (buf_.size() > kMaxGameBytes) return too_long();
  const std::size_t old = buf_.size();
  buf_.resize(old + io::ByteSource::kChunkSize);
  const std::size_t n = source_.read(buf_.data() + old, io::ByteSource::kChunkSize);
  buf_.resize(old + n);
  if (n == 0) eof_ = true;
  return n > 0;
}

bool TextLines::too_long() {
  // As for a PGN game (kMaxGameBytes): the line is dropped and nothing more is read.
  source_.stop(unit_ + " at line " + std::to_string(line_ + 1) + " runs past " + std::to_string(kMaxGameBytes >> 20) +
               " MiB: it and the rest of the input are not read");
  buf_.clear();
  pos_ = 0;
  eof_ = true;
  return false;
}

bool TextLines::next(TextLine& out) {
  while (true) {
    // LF, CRLF and a CR alone each end a line (as the PGN reader has them); a CR that ends
    // what was read waits for the next read to say whether an LF follows.
    std::size_t end = buf_.find_first_of("\r\n", pos_);
    while (end == std::string::npos || (buf_[end] == '\r' && end + 1 == buf_.size())) {
      // Only the bytes a read adds are searched: a long line is not searched again per read.
      const std::size_t searched = (end == std::string::npos ? buf_.size() : end) - pos_;
      const bool more = fill();  // moves the line to the buffer's start
      end = buf_.find_first_of("\r\n", pos_ + searched);
      if (!more) break;
    }
    if (end == std::string::npos && pos_ == buf_.size()) return false;
    if (end == std::string::npos) {
      // A last line without its line end: whole at the input's end, cut by a read error.
      if (source_.error()) {
        if (buf_.find_first_not_of(blanks_, pos_) != std::string::npos) cut_line_ = line_ + 1;
        pos_ = buf_.size();
        return false;
      }
      end = buf_.size();
    }
    if (end - pos_ > kMaxGameBytes) return too_long();  // whole, but past the limit all the same
    std::string_view text(buf_.data() + pos_, end - pos_);
    std::size_t end_bytes = 0;  // of the line end
    if (end == buf_.size()) {
      out.line_end = "\n";
    } else if (buf_[end] == '\n') {
      out.line_end = "\n";
      end_bytes = 1;
    } else {
      out.line_end = end + 1 < buf_.size() && buf_[end + 1] == '\n' ? "\r\n" : "\r";
      end_bytes = out.line_end.size();
    }
    out.line = ++line_;
    out.byte_offset = offset_;
    const std::size_t taken = end + end_bytes - pos_;
    offset_ += taken;
    pos_ += taken;
    {  // at any line's start, as the PGN reader: where files were concatenated
      const std::string_view rest = without_bom(text);
      out.byte_offset += text.size() - rest.size();
      text = rest;
    }
    if (text.find_first_not_of(blanks_) == std::string_view::npos) continue;
    out.text.assign(text);
    return true;
  }
}

}  // namespace chesstool::pgn
