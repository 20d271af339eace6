// SPDX-License-Identifier: MIT
// Standard output and standard error for every command: writes that never throw, the
// first failure of standard output remembered (and reported once by main), and
// untrusted text escaped before it reaches a terminal.
#pragma once

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>

namespace chesstool::cli {

// A closed standard stream (`2>&-`) would let the next open() take its descriptor, and
// diagnostics would land in an output file. Call first in main: each closed one of
// descriptors 0, 1 and 2 gets /dev/null opened the wrong way round (write-only for
// input, read-only for output), so it stays "closed" to the program (EBADF) but
// occupied.
void reserve_standard_descriptors();
// Whether standard input was closed when the program started.
bool stdin_was_closed();
// Standard output that is not a terminal is written 256 KiB at a time, not in stdio's
// blocks of its st_blksize (4 KiB for a pipe, /dev/null or most files): annotate and
// convert made a write(2) for every 4 KiB, 10,000 calls for 42 MB. A terminal keeps
// stdio's line buffering. Call before anything is written to it.
void buffer_standard_output();

// Writes to standard output (buffered by stdio). A failed write is remembered: the
// command should stop producing output (stdout_failed()) and main reports it.
void out(std::string_view text);
template <class... Args>
void outf(fmt::format_string<Args...> format, Args&&... args) {
  out(fmt::format(format, std::forward<Args>(args)...));
}
bool stdout_failed();
// out() for data that carries text from a file (NDJSON records, CSV): on a terminal each
// line is shown escaped (output::terminal_safe_lines), elsewhere written as it is.
void out_data(std::string_view text);
// Flushes standard output; the first failure of the whole run as "writing standard
// output: <reason>", or nothing when every byte was written.
std::optional<std::string> finish_stdout();
// Writes out what standard output holds now (before a read that may wait: a program
// waiting for the answers so far gets them); a failure is kept as any write's.
void flush_stdout();

// Writes to standard error as it is (a closed or full standard error is ignored:
// there is nowhere left to complain). Only for text this program made itself.
void err_raw(std::string_view text);
// One line on standard error, escaped with output::terminal_safe, then a newline.
void err_line(std::string_view line);
template <class... Args>
void errf(fmt::format_string<Args...> format, Args&&... args) {
  err_line(fmt::format(format, std::forward<Args>(args)...));
}
// "chesstool: error: <message>" and "chesstool: warning: <message>" lines.
void error(std::string_view message);
void warning(std::string_view message);

}  // namespace chesstool::cli
