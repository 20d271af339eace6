// SPDX-License-Identifier: MIT
// ByteSource implementation: read(2) for plain files, zlib's gzread for gzip and standard input.
#include "pgn/source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <string_view>
#include <utility>

namespace chesstool::pgn {

namespace {
gzFile as_gz(void* p) { return static_cast<gzFile>(p); }
}  // namespace

ByteSource::ByteSource(const std::string& path) : name_(path) {
  gzFile file = nullptr;
  if (path == "-") {
    // Duplicate the descriptor: gzclose() closes it and stdin must stay usable.
    const int fd = ::dup(STDIN_FILENO);
    if (fd < 0) {
      error_ = "cannot read standard input: " + std::string(std::strerror(errno));
      eof_ = true;
      return;
    }
    file = gzdopen(fd, "rb");
    if (file == nullptr) ::close(fd);
  } else {
    // gzopen() happily opens a directory and only fails on the first read; check first
    // so the message names the real problem.
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
      error_ = "cannot open " + path + ": " + std::strerror(EISDIR);
      eof_ = true;
      return;
    }
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      error_ = "cannot open " + path + ": " + std::strerror(errno);
      eof_ = true;
      return;
    }
    unsigned char magic[2] = {0, 0};
    // pread leaves the offset alone; it fails on pipes (process substitution), which
    // then go through zlib like standard input.
    const ssize_t got = ::pread(fd, magic, sizeof magic, 0);
    if (got >= 0 && !(got == 2 && magic[0] == 0x1F && magic[1] == 0x8B)) {
      fd_ = fd;
      return;
    }
    errno = 0;
    file = gzdopen(fd, "rb");
    if (file == nullptr) ::close(fd);
  }
  if (file == nullptr) {
    const int err = errno != 0 ? errno : ENOMEM;  // zlib leaves errno at 0 only when out of memory
    error_ = "cannot open " + (path == "-" ? std::string("standard input") : path) + ": " +
             std::strerror(err);
    eof_ = true;
    return;
  }
  gzbuffer(file, static_cast<unsigned>(kChunkSize));
  gz_ = file;
}

ByteSource ByteSource::from_memory(std::string data, std::string name, std::size_t max_read) {
  ByteSource src;
  src.max_read_ = max_read == 0 ? 1 : max_read;
  src.name_ = std::move(name);
  src.memory_ = std::move(data);
  src.is_memory_ = true;
  return src;
}

ByteSource::ByteSource(ByteSource&& other) noexcept
    : name_(std::move(other.name_)),
      gz_(std::exchange(other.gz_, nullptr)),
      fd_(std::exchange(other.fd_, -1)),
      memory_(std::move(other.memory_)),
      memory_pos_(other.memory_pos_),
      max_read_(other.max_read_),
      is_memory_(other.is_memory_),
      eof_(other.eof_),
      bytes_read_(other.bytes_read_),
      error_(std::move(other.error_)) {}

ByteSource& ByteSource::operator=(ByteSource&& other) noexcept {
  if (this != &other) {
    close();
    name_ = std::move(other.name_);
    gz_ = std::exchange(other.gz_, nullptr);
    fd_ = std::exchange(other.fd_, -1);
    memory_ = std::move(other.memory_);
    memory_pos_ = other.memory_pos_;
    max_read_ = other.max_read_;
    is_memory_ = other.is_memory_;
    eof_ = other.eof_;
    bytes_read_ = other.bytes_read_;
    error_ = std::move(other.error_);
  }
  return *this;
}

ByteSource::~ByteSource() { close(); }

void ByteSource::close() {
  if (gz_ != nullptr) {
    gzclose(as_gz(gz_));
    gz_ = nullptr;
  }
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

std::size_t ByteSource::read(char* dst, std::size_t n) {
  if (eof_ || n == 0) return 0;
  if (is_memory_) {
    const std::size_t k = std::min({n, max_read_, memory_.size() - memory_pos_});
    std::memcpy(dst, memory_.data() + memory_pos_, k);
    memory_pos_ += k;
    bytes_read_ += k;
    if (k == 0) eof_ = true;
    return k;
  }
  if (fd_ >= 0) {
    ssize_t got = 0;
    do {
      got = ::read(fd_, dst, std::min<std::size_t>(n, SSIZE_MAX));
    } while (got < 0 && errno == EINTR);
    if (got > 0) {
      bytes_read_ += static_cast<std::uint64_t>(got);
      return static_cast<std::size_t>(got);
    }
    eof_ = true;
    if (got < 0) error_ = "error reading " + name_ + ": " + std::strerror(errno);
    close();
    return 0;
  }
  if (gz_ == nullptr) {
    eof_ = true;
    return 0;
  }
  // gzread takes an unsigned and returns an int: never ask for more than INT_MAX.
  const auto want = static_cast<unsigned>(std::min<std::size_t>(n, INT_MAX / 2));
  const int got = gzread(as_gz(gz_), dst, want);
  if (got > 0) {
    bytes_read_ += static_cast<std::uint64_t>(got);
    return static_cast<std::size_t>(got);
  }
  eof_ = true;
  int code = Z_OK;
  const char* msg = gzerror(as_gz(gz_), &code);
  if (got < 0 || (code != Z_OK && code != Z_STREAM_END)) {
    std::string what;
    if (code == Z_ERRNO) {
      what = std::strerror(errno);
    } else {
      // zlib prefixes its message with the name it was given: "<fd:3>: ". Ours is better.
      std::string_view m = msg != nullptr ? msg : "unknown zlib error";
      if (m.substr(0, 4) == "<fd:") {
        const std::size_t colon = m.find(": ");
        if (colon != std::string_view::npos) m.remove_prefix(colon + 2);
      }
      what = (code == Z_BUF_ERROR ? "the gzip data is truncated (" : "the gzip data is corrupt (") + std::string(m) + ")";
    }
    error_ = "error reading " + (name_ == "-" ? std::string("standard input") : name_) + ": " + what;
  }
  close();
  return 0;
}

}  // namespace chesstool::pgn
