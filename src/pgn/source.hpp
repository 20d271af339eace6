// SPDX-License-Identifier: MIT
// ByteSource: sequential byte input from a file, standard input, a gzip file or memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace chesstool::pgn {

// Reads a whole input front to back in caller-sized chunks. Problems (cannot open,
// read error, corrupt gzip stream) are kept as a message, never thrown: after a
// failure read() returns 0 and error() tells why.
class ByteSource {
 public:
  // Chunk size callers are expected to ask for; also zlib's internal buffer size.
  static constexpr std::size_t kChunkSize = 256 * 1024;

  // Opens path for reading; "-" means standard input. gzip data is decompressed with
  // zlib, detected by its magic bytes whatever the name, so "*.gz" files and gzip piped
  // to stdin both work. A regular file that is not gzip is read with read(2) straight
  // into the caller's buffer (zlib would copy every byte once more).
  explicit ByteSource(const std::string& path);

  // An in-memory source (tests, strings already in memory); never fails. max_read
  // caps the bytes handed out per read() to mimic pipes that deliver short reads.
  static ByteSource from_memory(std::string data, std::string name = "<memory>",
                                std::size_t max_read = static_cast<std::size_t>(-1));

  ByteSource(ByteSource&& other) noexcept;
  ByteSource& operator=(ByteSource&& other) noexcept;
  ByteSource(const ByteSource&) = delete;
  ByteSource& operator=(const ByteSource&) = delete;
  ~ByteSource();

  // Copies up to n bytes into dst; returns how many. 0 means end of input or error.
  std::size_t read(char* dst, std::size_t n);

  // The open or read error, e.g. "cannot open x.pgn: No such file or directory".
  const std::optional<std::string>& error() const { return error_; }
  // True once read() has returned 0.
  bool eof() const { return eof_; }
  // The path given, "-" for standard input.
  const std::string& name() const { return name_; }
  // Bytes handed out so far (decompressed bytes for gzip input).
  std::uint64_t bytes_read() const { return bytes_read_; }

 private:
  ByteSource() = default;
  void close();

  std::string name_;
  void* gz_ = nullptr;  // gzFile; kept opaque so users need not include zlib.h
  int fd_ = -1;         // a plain file read directly
  std::string memory_;  // data of a memory source
  std::size_t memory_pos_ = 0;
  std::size_t max_read_ = static_cast<std::size_t>(-1);
  bool is_memory_ = false;
  bool eof_ = false;
  std::uint64_t bytes_read_ = 0;
  std::optional<std::string> error_;
};

}  // namespace chesstool::pgn
