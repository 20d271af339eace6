// SPDX-License-Identifier: MIT
// Checked standard output, best-effort standard error.
#include "cli/console.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <mutex>

#include "output/terminal_text.hpp"

namespace chesstool::cli {

namespace {

std::mutex g_stdout_mu;            // the thread delivering a batch and main may both write
std::optional<int> g_stdout_errno;  // the first failure, kept for the message
bool g_stdout_failed = false;
bool g_stdin_closed = false;
constexpr std::size_t kStdoutBuffer = std::size_t(256) << 10;

void note_stdout_failure(int err) {
  if (!g_stdout_failed) g_stdout_errno = err;
  g_stdout_failed = true;
}

}  // namespace

void reserve_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == 0) g_stdin_closed = true;
    const int got = ::open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
    if (got >= 0 && got != fd) {
      ::dup2(got, fd);
      ::close(got);
    }
  }
}

bool stdin_was_closed() { return g_stdin_closed; }

void buffer_standard_output() {
  if (::isatty(STDOUT_FILENO)) return;
  // Never freed: stdio may flush it up to the process's very end.
  static char* const buffer = new char[kStdoutBuffer];
  (void)!std::setvbuf(stdout, buffer, _IOFBF, kStdoutBuffer);
}

void out(std::string_view text) {
  std::lock_guard lock(g_stdout_mu);
  if (g_stdout_failed || text.empty()) return;
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) note_stdout_failure(errno);
}

void out_data(std::string_view text) {
  static const bool terminal = ::isatty(STDOUT_FILENO) != 0;
  if (terminal)
    out(output::terminal_safe_lines(text));
  else
    out(text);
}

bool stdout_failed() {
  std::lock_guard lock(g_stdout_mu);
  return g_stdout_failed;
}

void flush_stdout() {
  std::lock_guard lock(g_stdout_mu);
  errno = 0;
  if (!g_stdout_failed && std::fflush(stdout) != 0) note_stdout_failure(errno);
}

std::optional<std::string> finish_stdout() {
  std::lock_guard lock(g_stdout_mu);
  errno = 0;
  // CLI11's help and error texts go through std::cout, which shares stdout's buffer.
  std::cout.flush();
  if (!g_stdout_failed && (std::fflush(stdout) != 0 || std::ferror(stdout) || std::cout.fail()))
    note_stdout_failure(errno);
  if (!g_stdout_failed) return std::nullopt;
  const int err = g_stdout_errno.value_or(0);
  return std::string("writing standard output: ") + (err ? std::strerror(err) : "write error");
}

void err_raw(std::string_view text) {
  // Unbuffered, so a failure shows at once; it is ignored on purpose (see the header).
  if (!text.empty()) (void)!std::fwrite(text.data(), 1, text.size(), stderr);
}

void err_line(std::string_view line) {
  std::string text = output::terminal_safe(line);
  text += '\n';
  err_raw(text);
}

void error(std::string_view message) { err_line(std::string("chesstool: error: ").append(message)); }
void warning(std::string_view message) { err_line(std::string("chesstool: warning: ").append(message)); }

}  // namespace chesstool::cli
