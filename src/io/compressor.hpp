// SPDX-License-Identifier: MIT
// Compressor: a byte stream written as gzip, zstd, bzip2 or xz (libarchive's write
// filters), for output files named *.gz, *.zst, *.bz2, *.xz and --compress.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace chesstool::io {

enum class Compression { Gzip, Zstd, Bzip2, Xz };

// The one table of output compressions: the --compress choices (name), what an output's
// name ends with to ask for it (suffix, any letter case), and the suffix's word, also
// accepted by compression_from_word.
struct CompressionInfo {
  Compression compression;
  std::string_view name;
  std::string_view suffix;
};
inline constexpr CompressionInfo kCompressions[] = {
    {Compression::Gzip, "gzip", ".gz"},
    {Compression::Zstd, "zstd", ".zst"},
    {Compression::Bzip2, "bzip2", ".bz2"},
    {Compression::Xz, "xz", ".xz"},
};

// The compression an output name asks for by its ending, if any.
std::optional<Compression> compression_for_name(std::string_view name);
// A name or a suffix without its dot: "gzip" or "gz", "zstd" or "zst", ...
std::optional<Compression> compression_from_word(std::string_view word);
// The name of c, as --compress spells it ("gzip", "zstd", ...).
std::string_view compression_name(Compression c);

class Compressor {
 public:
  // Compressed bytes go to sink, which returns false when it cannot write (the
  // compressor then stops; the caller already knows why).
  using Sink = std::function<bool(const char* data, std::size_t size)>;
  Compressor(Compression c, Sink sink);
  Compressor(const Compressor&) = delete;
  Compressor& operator=(const Compressor&) = delete;
  ~Compressor();

  // False when compression failed (error() says why) or the sink refused.
  bool write(std::string_view data);
  // Writes what is buffered and the format's trailer; call once, at the end.
  bool finish();
  // Drops everything from now on: nothing more reaches the sink (a discarded output).
  void abandon() { abandoned_ = true; }
  const std::string& error() const { return error_; }

 private:
  struct State;
  std::unique_ptr<State> state_;
  Sink sink_;
  bool abandoned_ = false;
  bool finished_ = false;
  std::string error_;
  friend struct CompressorAccess;
};

}  // namespace chesstool::io
