// SPDX-License-Identifier: MIT
// The progress line: the input's size, the terminal's width, the redraw.
#include "cli/progress.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/console.hpp"
#include "io/archive_reader.hpp"
#include "output/terminal_text.hpp"

namespace chesstool::cli {

namespace {

int terminal_columns() {
  winsize w{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  return 80;
}

}  // namespace

std::optional<std::uint64_t> plain_input_size(const std::vector<std::string>& files) {
  std::uint64_t total = 0;
  for (const std::string& f : files) {
    struct stat st {};
    if (f == "-" || ::stat(f.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    if (io::file_format(f) != io::InputFormat::Plain) return std::nullopt;
    total += std::uint64_t(st.st_size);
  }
  return total;
}

ProgressLine::ProgressLine(std::optional<std::uint64_t> total_bytes)
    : total_(total_bytes), start_(std::chrono::steady_clock::now()), last_(start_) {}

void ProgressLine::update(const std::string& name, std::uint64_t games, std::uint64_t invalid, std::uint64_t bytes_read) {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ <= std::chrono::milliseconds(200)) return;
  last_ = now;
  std::optional<double> fraction, left;
  if (total_ && *total_ > 0) {
    fraction = double(bytes_read) / double(*total_);
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    // Told once a little is read, so the first estimate is not wild.
    if (*fraction >= 0.01 && *fraction < 1) left = elapsed * (1 - *fraction) / *fraction;
  }
  err_raw("\r\033[K" + output::progress_text(output::terminal_safe(name), games, invalid, fraction, left, terminal_columns()));
}

void ProgressLine::clear() const { err_raw("\r\033[K"); }

}  // namespace chesstool::cli
