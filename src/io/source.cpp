// SPDX-License-Identifier: MIT
// ByteSource implementation: the format is told by the first bytes; read(2) for plain
// text, the decoder thread (archive_reader) for everything else.
#include "io/source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <string_view>
#include <utility>

#include "io/archive_reader.hpp"

namespace chesstool::io {

namespace {

// Why reading failed, in words: standard input that was closed when chesstool started is
// held open on /dev/null for writing (cli::reserve_standard_descriptors), so a read of it
// fails with EBADF, which means that here.
std::string read_failure(bool is_stdin, int err) {
  return is_stdin && err == EBADF ? std::string("it is closed") : std::string(std::strerror(err));
}

}  // namespace

ByteSource::ByteSource(const std::string& path, MemberKind members) : name_(path) {
  const bool is_stdin = path == "-";
  const std::string display = is_stdin ? std::string("standard input") : path;
  int fd = -1;
  if (is_stdin) {
    // Our own descriptor: closing it must leave standard input usable.
    fd = ::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) {
      fail("cannot read standard input: " + std::string(std::strerror(errno)));
      return;
    }
  } else {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      fail("cannot open " + path + ": " + std::strerror(errno));
      return;
    }
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    fail((is_stdin ? std::string("cannot read standard input: ") : "cannot open " + path + ": ") + std::strerror(EISDIR));
    return;
  }
  opened_ = true;
  // The first bytes tell the format. A regular file is peeked at with pread, which
  // leaves the offset alone; a pipe must be read, and what it gave is handed out first.
  const bool regular = S_ISREG(st.st_mode);
  char head[kSniffBytes];
  std::size_t got = 0;
  off_t start = 0;
  if (regular) {
    start = ::lseek(fd, 0, SEEK_CUR);
    const ssize_t n = ::pread(fd, head, sizeof head, start < 0 ? 0 : start);
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      fail("error reading " + display + ": " + read_failure(is_stdin, err));
      return;
    }
    got = std::size_t(n);
  } else {
    while (got < sizeof head) {
      const ssize_t n = ::read(fd, head + got, sizeof head - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        const int err = errno;
        ::close(fd);
        fail("error reading " + display + ": " + read_failure(is_stdin, err));
        return;
      }
      if (n == 0) break;
      got += std::size_t(n);
      if (sniff_enough(std::string_view(head, got))) break;
    }
    prefix_.assign(head, got);
  }
  std::string what;
  const InputFormat format = sniff_format(std::string_view(head, got), &what);
  format_ = format_name(format);
  if (format == InputFormat::Plain) {
    fd_ = fd;
    return;
  }
  if (format == InputFormat::Binary) {
    ::close(fd);
    fail("cannot read " + display + ": it is " + what);  // what it is says enough: PGN, FEN and JSON are read here
    return;
  }
  decoder_ = std::make_unique<detail::Decoder>(fd, std::move(prefix_), regular && start == 0, format, display, members);
  prefix_.clear();
}

ByteSource ByteSource::from_memory(std::string data, std::string name, std::size_t max_read) {
  ByteSource src;
  src.max_read_ = max_read == 0 ? 1 : max_read;
  src.name_ = std::move(name);
  src.memory_ = std::move(data);
  src.is_memory_ = true;
  src.opened_ = true;
  return src;
}

ByteSource::ByteSource(ByteSource&& other) noexcept { *this = std::move(other); }

ByteSource& ByteSource::operator=(ByteSource&& other) noexcept {
  if (this != &other) {
    close();
    name_ = std::move(other.name_);
    member_ = std::move(other.member_);
    fd_ = std::exchange(other.fd_, -1);
    prefix_ = std::move(other.prefix_);
    prefix_pos_ = other.prefix_pos_;
    decoder_ = std::move(other.decoder_);
    memory_ = std::move(other.memory_);
    memory_pos_ = other.memory_pos_;
    max_read_ = other.max_read_;
    is_memory_ = other.is_memory_;
    started_ = other.started_;
    single_done_ = other.single_done_;
    opened_ = other.opened_;
    eof_ = other.eof_;
    bytes_read_ = other.bytes_read_;
    format_ = other.format_;
    error_ = std::move(other.error_);
    notes_ = std::move(other.notes_);
  }
  return *this;
}

ByteSource::~ByteSource() { close(); }

void ByteSource::close() {
  decoder_.reset();  // stops and joins the decoder thread
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

void ByteSource::fail(std::string message) {
  error_ = std::move(message);
  eof_ = true;
  close();
}

void ByteSource::stop(const std::string& what) {
  // A member is named as diagnostics name it ("<stdin>:a.pgn"), standard input alone in words.
  std::string where = name_ != "-" ? name_ : member_.empty() ? std::string("standard input") : std::string("<stdin>");
  if (!member_.empty()) where.append(":").append(member_);
  fail("error reading " + where + ": " + what);
}

bool ByteSource::next_member() {
  const bool first = !started_;
  started_ = true;
  if (error_) return false;
  if (decoder_) {
    std::string name;
    const bool more = decoder_->next_member(name, error_);
    for (InputNote& n : decoder_->take_notes()) notes_.push_back(std::move(n));
    eof_ = !more;
    if (more) member_ = std::move(name);
    if (error_) close();
    return more;
  }
  // Plain text and memory: one member without a name.
  if (first && !single_done_) {
    single_done_ = true;
    eof_ = false;
    return true;
  }
  eof_ = true;
  return false;
}

std::size_t ByteSource::read(char* dst, std::size_t n) {
  if (!started_ && !next_member()) return 0;
  if (eof_ || n == 0) return 0;
  std::size_t k = 0;
  if (is_memory_) {
    k = std::min({n, max_read_, memory_.size() - memory_pos_});
    std::memcpy(dst, memory_.data() + memory_pos_, k);
    memory_pos_ += k;
  } else if (fd_ >= 0) {
    k = read_fd(dst, n);
  } else if (decoder_) {
    k = decoder_->read(dst, n, error_);
    if (error_) close();
  }
  if (k == 0) {
    eof_ = true;
    return 0;
  }
  bytes_read_ += k;
  return k;
}

std::size_t ByteSource::read_fd(char* dst, std::size_t n) {
  if (prefix_pos_ < prefix_.size()) {
    const std::size_t k = std::min(n, prefix_.size() - prefix_pos_);
    std::memcpy(dst, prefix_.data() + prefix_pos_, k);
    prefix_pos_ += k;
    return k;
  }
  ssize_t got = 0;
  do {
    got = ::read(fd_, dst, std::min<std::size_t>(n, SSIZE_MAX));
  } while (got < 0 && errno == EINTR);
  if (got > 0) return std::size_t(got);
  if (got < 0)
    error_ = "error reading " + (name_ == "-" ? std::string("standard input") : name_) + ": " + read_failure(name_ == "-", errno);
  close();
  return 0;
}

}  // namespace chesstool::io
