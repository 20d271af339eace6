// SPDX-License-Identifier: MIT
// Telling input formats by their first bytes, and the decompression thread behind
// ByteSource: gzip, zstd, xz and bzip2 through their own libraries (stream_decoders),
// zip and tar through libarchive.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "io/source.hpp"

namespace chesstool::io {

enum class InputFormat : std::uint8_t {
  Plain,   // text: handed to the splitter as it is
  Gzip,    // 1F 8B
  Zstd,    // 28 B5 2F FD, or a skippable frame first (pzstd writes one)
  Bzip2,   // "BZh1" to "BZh9"
  Xz,      // FD "7zXZ" 00
  Zip,     // "PK" 03 04 (or 05 06: an empty zip)
  Tar,     // "ustar" at offset 257
  Binary,  // a known non-PGN format (7z, PNG, ...) or bytes that are no text at all
};

// Bytes enough to tell every format above (tar's magic ends at 262).
inline constexpr std::size_t kSniffBytes = 512;

// What head (the first bytes of a stream, up to kSniffBytes; fewer only when the
// stream is shorter) is. For Binary, *what says what it looks like ("a 7z archive").
InputFormat sniff_format(std::string_view head, std::string* what = nullptr);
// True when head is enough to tell its format, so a pipe that pauses after a few bytes
// (a person typing, a slow producer) is not waited for: a known magic number, or a first
// line ended before any NUL byte (a tar header has NULs before any line end).
bool sniff_enough(std::string_view head);
// "plain", "gzip", "zstd", "bzip2", "xz", "zip", "tar", "binary".
const char* format_name(InputFormat format);
// The format of a file by its content (Plain when it cannot be read): for refusing
// to rewrite a compressed file in place.
InputFormat file_format(const std::string& path, std::string* what = nullptr);

// True for the archive members that are read: names ending in .pgn, or .pgn.gz,
// .pgn.zst, .pgn.bz2, .pgn.xz (fishtest's tars of .pgn.gz), in any letter case.
bool is_pgn_member_name(std::string_view name);
// The same for the members of another kind, and how messages name them (".pgn").
bool is_member_name(MemberKind kind, std::string_view name);
const char* member_kind_names(MemberKind kind);

namespace detail {

// Decodes one input on a thread of its own into a bounded queue of buffers, so
// decompression runs ahead of the splitter on another core while memory stays flat
// (at most kQueueBuffers buffers of ByteSource::kChunkSize). The queue carries, in
// order: for each member its start (with its name), its data, then the end of the
// input or one error.
class Decoder {
 public:
  // Takes fd (closed by the destructor). prefix holds the bytes already read from it
  // to tell the format (a pipe cannot be read twice); seekable says fd is a regular
  // file positioned at the start of the input (a zip is then read by its central
  // directory). display is the name for messages ("x.zip", "standard input").
  Decoder(int fd, std::string prefix, bool seekable, InputFormat format, std::string display, MemberKind members);
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;
  // Stops the thread (even when it waits for a pipe) and joins it.
  ~Decoder();

  // Consumer side, one thread. Skips what is left of the current member; true and
  // the member's name when there is another, false at the end or at an error.
  bool next_member(std::string& name, std::optional<std::string>& error);
  // Up to n bytes of the current member; 0 at its end or at an error.
  std::size_t read(char* dst, std::size_t n, std::optional<std::string>& error);
  // The notes queued before the member next_member() last moved to (or before the end),
  // each once.
  std::vector<InputNote> take_notes() { return std::exchange(notes_, {}); }

  static constexpr std::size_t kQueueBuffers = 8;

  // Producer side, used by the decoding code on the thread.
  struct Buffer {
    std::unique_ptr<char[]> data;
    std::size_t size = 0;
  };
  Buffer get_buffer();                    // a free buffer (recycled when possible)
  bool push_data(Buffer&& b);             // false once the consumer has gone
  bool push_member(std::string name);     // false once the consumer has gone
  bool push_note(InputNote note);         // between members; false once the consumer has gone
  void push_error(std::string message);
  void push_end();
  bool stopped();
  int wake_fd() const { return wake_[0]; }  // readable once the consumer has gone
  MemberKind members() const { return members_; }  // the archive members read

 private:
  enum class Kind : std::uint8_t { Member, Data, Note, End, Error };
  struct Item {
    Kind kind = Kind::Data;
    Buffer buffer;
    std::string text;  // member name, note or error message
    std::string member;  // the member a note is about
  };
  bool push(Item&& item);
  Item pop();
  void recycle(Buffer&& b);
  void run();

  int fd_;
  std::string prefix_;
  bool seekable_;
  InputFormat format_;
  std::string display_;
  MemberKind members_;
  int wake_[2] = {-1, -1};

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Item> queue_;
  std::vector<std::unique_ptr<char[]>> free_;
  std::size_t buffers_out_ = 0;  // data buffers queued or held by the consumer
  bool stop_ = false;

  // Consumer state.
  Buffer current_;
  std::size_t current_pos_ = 0;
  std::optional<std::string> pending_member_;  // a member start read past by read()
  bool finished_ = false;                      // End or Error seen
  bool started_ = false;                       // next_member() was called
  std::vector<InputNote> notes_;               // popped, not yet taken

  std::thread thread_;
};

}  // namespace detail
}  // namespace chesstool::io
