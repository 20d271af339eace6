// SPDX-License-Identifier: MIT
// The byte streams the decoder thread pulls from, and the decoders of the four
// compressions, each straight on its library (ISA-L, libzstd, liblzma, libbz2): every
// byte decoded before a fault is handed out before the fault is reported.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "io/archive_reader.hpp"

namespace chesstool::io::detail {

// A byte stream the decoding layers pull from: > 0 bytes, 0 at its end, -1 on an error
// (error says what, without the file name; empty when the consumer has gone).
class RawInput {
 public:
  virtual ~RawInput() = default;
  virtual std::ptrdiff_t read(char* dst, std::size_t n, std::string& error) = 0;
};

// The decoded data of in for gzip, zstd, xz and bzip2 (null for any other format): every
// stream of a file of several (gzip -c a b, pzstd, pbzip2), each checked as its format
// allows; zero bytes after the last stream (tape padding) are allowed, anything else
// after it is an error. Once it has failed, every later read fails the same way.
std::unique_ptr<RawInput> make_stream_decoder(InputFormat format, RawInput& in);

}  // namespace chesstool::io::detail
