// SPDX-License-Identifier: MIT
// ByteSource: sequential byte input from a file, standard input or memory, plain or
// compressed (gzip, zstd, bzip2, xz) or an archive (zip, tar) of PGN members.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace chesstool::io {

namespace detail {
class Decoder;  // the decompression thread (archive_reader.hpp)
}

// Something about an input that is neither an error nor part of a game, for a note on
// standard error: an archive member that is a link, so its games are not read there.
struct InputNote {
  std::string member;   // the archive member it is about
  std::string message;  // lower case, no trailing period, ending with its [code]
};

// Reads an input front to back in caller-sized chunks, one member at a time. An input
// that is not an archive has one member without a name; a zip or tar archive has one
// member per PGN file in it (see archive_reader.hpp for which). Problems (cannot open,
// read error, corrupt or truncated data, a format that is not PGN) are kept as a
// message, never thrown: after a failure read() returns 0, next_member() false, and
// error() tells why.
// Which members of an archive an input reads: PGN files (every command), or the FEN/EPD
// files or NDJSON files of convert --from fen and --from json.
enum class MemberKind : std::uint8_t { Pgn, Fen, Json };

class ByteSource {
 public:
  // Chunk size callers are expected to ask for; also the decoder's buffer size.
  static constexpr std::size_t kChunkSize = 256 * 1024;

  // Opens path for reading; "-" means standard input. The format is told by the first
  // bytes, whatever the name, for files and standard input alike. Plain text is read
  // with read(2) straight into the caller's buffer; anything compressed or archived is
  // decoded on a thread of its own, a bounded queue of buffers ahead of the reader.
  explicit ByteSource(const std::string& path, MemberKind members = MemberKind::Pgn);

  // An in-memory source of plain text (tests, strings already in memory); never fails.
  // max_read caps the bytes handed out per read() to mimic pipes that deliver short reads.
  static ByteSource from_memory(std::string data, std::string name = "<memory>",
                                std::size_t max_read = static_cast<std::size_t>(-1));

  ByteSource(ByteSource&& other) noexcept;
  ByteSource& operator=(ByteSource&& other) noexcept;
  ByteSource(const ByteSource&) = delete;
  ByteSource& operator=(const ByteSource&) = delete;
  ~ByteSource();

  // Moves to the next member; false when there is none left or after an error. The
  // first call opens the first member (read() before any call does that too).
  bool next_member();
  // The current member's name inside its archive; "" for an input that is not one.
  const std::string& member() const { return member_; }

  // Copies up to n bytes of the current member into dst; returns how many. 0 means the
  // end of the member, or an error.
  std::size_t read(char* dst, std::size_t n);

  // The notes about the members passed so far (links, which are not read), in archive
  // order; each is handed out once. A member's notes are there once next_member() has
  // moved past them: after the games of the members before them, before those after.
  std::vector<InputNote> take_notes() { return std::exchange(notes_, {}); }

  // The open or read error, e.g. "cannot open x.pgn: No such file or directory".
  const std::optional<std::string>& error() const { return error_; }
  // The input was opened (its file, not a directory, or standard input's descriptor): an
  // error after that, even at its first byte, is a read error.
  bool opened() const { return opened_; }
  // Ends the input here, as a read error would ("error reading <name>: <what>"): for a
  // reader that finds it cannot go on, such as a game too long to hold.
  void stop(const std::string& what);
  // True once read() has returned 0 for the current member.
  bool eof() const { return eof_; }
  // The path given, "-" for standard input.
  const std::string& name() const { return name_; }
  // Bytes handed out so far, all members together (decompressed bytes).
  std::uint64_t bytes_read() const { return bytes_read_; }
  // What the input was found to be: "plain", "gzip", "zstd", "bzip2", "xz", "zip", "tar".
  const char* format() const { return format_; }

 private:
  ByteSource() = default;
  void close();
  std::size_t read_fd(char* dst, std::size_t n);
  void fail(std::string message);

  std::string name_;
  std::string member_;
  int fd_ = -1;          // plain input read directly
  std::string prefix_;   // bytes a pipe gave while its format was told, handed out first
  std::size_t prefix_pos_ = 0;
  std::unique_ptr<detail::Decoder> decoder_;  // compressed or archived input
  std::string memory_;   // data of a memory source
  std::size_t memory_pos_ = 0;
  std::size_t max_read_ = static_cast<std::size_t>(-1);
  bool is_memory_ = false;
  bool started_ = false;       // next_member() opened the first member
  bool single_done_ = false;   // the one member of a plain input was opened
  bool eof_ = false;
  bool opened_ = false;
  std::uint64_t bytes_read_ = 0;
  const char* format_ = "plain";
  std::optional<std::string> error_;
  std::vector<InputNote> notes_;
};

}  // namespace chesstool::io
