// SPDX-License-Identifier: MIT
// Buffered output to standard output or a file, shared by the commands that write games.
#pragma once

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace chesstool::cli {

// Buffered writer to a FILE that remembers the first write error.
class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile() { close(); }

  // Standard output ("" or "-") or a file opened for writing.
  bool open(const std::string& path, std::string& error) {
    name_ = path.empty() || path == "-" ? "<stdout>" : path;
    if (path.empty() || path == "-") {
      file_ = stdout;
      return true;
    }
    file_ = std::fopen(path.c_str(), "wb");
    if (!file_) {
      error = fmt::format("cannot open {} for writing: {}", path, std::strerror(errno));
      return false;
    }
    owned_ = true;
    return true;
  }
  // Takes over a descriptor opened for writing (a temporary file); name is for messages.
  bool adopt(int fd, const std::string& name, std::string& error) {
    name_ = name;
    file_ = fdopen(fd, "wb");
    if (!file_) {
      error = fmt::format("cannot write {}: {}", name, std::strerror(errno));
      ::close(fd);
      return false;
    }
    owned_ = true;
    return true;
  }
  void write(std::string_view s) {
    buf_ += s;
    if (buf_.size() >= (1u << 20)) flush();
  }
  void flush() {
    if (!file_) return;
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), file_) != buf_.size()) note_error();
    buf_.clear();
    if (std::fflush(file_) != 0) note_error();
  }
  // Forces the data to the disk before a rename makes it the file (an atomic rename of
  // unwritten data could leave an empty file after a crash).
  void sync() {
    flush();
    if (file_ && owned_ && ::fsync(fileno(file_)) != 0) note_error();
  }
  int fd() const { return file_ ? fileno(file_) : -1; }
  // Flushes and closes; the first write error, "" if none.
  std::string close() {
    if (!file_) return error_;
    flush();
    if (owned_ && std::fclose(file_) != 0) note_error();
    file_ = nullptr;
    return error_;
  }

 private:
  void note_error() {
    if (error_.empty()) error_ = fmt::format("cannot write {}: {}", name_, std::strerror(errno));
  }

  std::FILE* file_ = nullptr;
  bool owned_ = false;
  std::string name_;
  std::string buf_;
  std::string error_;
};

}  // namespace chesstool::cli
