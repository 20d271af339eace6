// SPDX-License-Identifier: MIT
// The stream decoders: one loop (reading, the end of each stream, padding, what follows
// it, faults) around four codecs that each decode one stream. ISA-L for gzip (about 3.5
// times zlib's speed, measured: see README); libzstd, liblzma and libbz2 directly, not
// through libarchive, whose filters fail a whole output block at a fault and lose the
// games decoded just before it.
#include "io/stream_decoders.hpp"

#include <bzlib.h>
#include <isa-l/igzip_lib.h>
#include <lzma.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>

#include "io/source.hpp"

namespace chesstool::io::detail {

namespace {

constexpr std::size_t kChunk = ByteSource::kChunkSize;

// The input a codec has not taken yet.
struct Pending {
  unsigned char* next = nullptr;
  std::size_t avail = 0;
};

// What one call of a codec did.
struct Step {
  std::size_t produced = 0;
  bool end = false;      // a stream has ended, its check passed
  bool foreign = false;  // where a stream should start, the bytes are not this format
  std::string error;     // the fault, when there is one
};

// Reads in, hands the bytes to the codec (decode, restart) and tells the end of the data
// from a cut, padding and what is not the format after the last stream. A fault is
// reported after the bytes the codec decoded before it.
class StreamDecoder : public RawInput {
 public:
  StreamDecoder(RawInput& in, const char* name, const char* inside)
      : in_(in), name_(name), inside_(inside), buf_(std::make_unique<unsigned char[]>(kChunk)) {}
  StreamDecoder(const StreamDecoder&) = delete;  // the codecs hold library state
  StreamDecoder& operator=(const StreamDecoder&) = delete;

  std::ptrdiff_t read(char* dst, std::size_t n, std::string& error) final {
    n = std::min<std::size_t>(n, 1u << 30);  // the libraries count output in 32 bits
    for (;;) {
      if (!fault_.empty()) {
        error = fault_;
        return -1;
      }
      if (done_) return 0;
      if (pending_.avail == 0 && !eof_) {
        const std::ptrdiff_t got = in_.read(reinterpret_cast<char*>(buf_.get()), kChunk, error);
        if (got < 0) return -1;
        eof_ = got == 0;
        pending_ = {buf_.get(), std::size_t(got)};
      }
      if (ended_) {
        between_streams();
        continue;
      }
      const Step s = decode(pending_, dst, n);
      ended_ = s.end;
      if (!s.error.empty()) {
        fault_ = s.foreign && !first_ ? not_this_format() : s.error;
      } else if (s.produced == 0 && !s.end && eof_) {
        // No input left, and the codec can make nothing more of what it holds.
        fault_ = "the " + name_ + " data is truncated (it ends inside " + std::string(cut_inside()) + ")";
      }
      if (s.produced > 0) return std::ptrdiff_t(s.produced);
    }
  }

 protected:
  // Decodes up to n (> 0) bytes of the current stream into dst, taking input from in.
  virtual Step decode(Pending& in, char* dst, std::size_t n) = 0;
  // Gets ready for another stream after one has ended.
  virtual void restart() = 0;
  // Whether p[0..n) (n > 0) can be the start of a stream: its magic number, as far as n goes.
  virtual bool starts_stream(const unsigned char* p, std::size_t n) const = 0;
  // Whether zero bytes may stand between two streams, not only after the last one.
  virtual bool padding_between_streams() const { return false; }
  // Where the data ended, when the codec holds a stream unfinished: the place given at
  // construction, unless the codec can tell better.
  virtual std::string_view cut_inside() const { return inside_; }
  static bool magic_prefix(std::string_view magic, const unsigned char* p, std::size_t n) {
    n = std::min(n, magic.size());
    return std::memcmp(magic.data(), p, n) == 0;
  }

 private:
  // A stream has ended: another stream, padding, or the end (input is at hand unless
  // the input has ended).
  void between_streams() {
    if (pending_.avail == 0) {
      done_ = eof_;
    } else if (pending_.next[0] == 0) {
      while (pending_.avail > 0 && pending_.next[0] == 0) ++pending_.next, --pending_.avail;
      padding_ = true;
    } else if ((padding_ && !padding_between_streams()) || !starts_stream(pending_.next, pending_.avail)) {
      // (Told here, not by the codec: a few bytes of text after a stream would look
      // like a stream header cut short.)
      fault_ = not_this_format();
    } else {
      restart();
      ended_ = padding_ = false;
      first_ = false;
    }
  }
  std::string not_this_format() const {
    return "the " + name_ + " data is corrupt (bytes that are not " + name_ + " after the end of the compressed data)";
  }

  RawInput& in_;
  std::string name_;    // "zstd"
  const char* inside_;  // where a cut can end the data: "a frame"
  std::unique_ptr<unsigned char[]> buf_;
  Pending pending_;
  bool eof_ = false, ended_ = false, padding_ = false, done_ = false, first_ = true;
  std::string fault_;  // reported once the bytes before it are out
};

// gzip through ISA-L's inflate: each member checked against its CRC-32 and length.
class GzipInput final : public StreamDecoder {
 public:
  explicit GzipInput(RawInput& in) : StreamDecoder(in, "gzip", "a compressed block") {
    isal_inflate_init(&st_);
    st_.crc_flag = ISAL_GZIP;
  }

 private:
  Step decode(Pending& in, char* dst, std::size_t n) override {
    st_.next_in = in.next;
    st_.avail_in = std::uint32_t(in.avail);  // at most one read of kChunk
    st_.next_out = reinterpret_cast<std::uint8_t*>(dst);
    st_.avail_out = std::uint32_t(n);
    const int rc = isal_inflate(&st_);
    in = {st_.next_in, st_.avail_in};
    Step s;
    s.produced = n - st_.avail_out;
    if (rc < 0) {
      s.foreign = rc == ISAL_INVALID_WRAPPER;
      s.error = message(rc);
    } else {
      s.end = st_.block_state == ISAL_BLOCK_FINISH;
    }
    return s;
  }
  void restart() override {
    isal_inflate_reset(&st_);
    st_.crc_flag = ISAL_GZIP;
  }
  bool starts_stream(const unsigned char* p, std::size_t n) const override { return magic_prefix("\x1F\x8B", p, n); }
  // The deflate data may be whole and only the member's last 8 bytes missing.
  std::string_view cut_inside() const override {
    const bool trailer = st_.block_state == ISAL_CHECKSUM_CHECK || st_.block_state == ISAL_BLOCK_INPUT_DONE;
    return trailer ? "its trailer, the CRC-32 and length after the compressed data" : StreamDecoder::cut_inside();
  }
  static std::string message(int rc) {
    switch (rc) {
      case ISAL_INCORRECT_CHECKSUM: return "the gzip data is corrupt (CRC-32 mismatch)";
      case ISAL_INVALID_WRAPPER: return "the gzip data is corrupt (invalid gzip header)";
      case ISAL_UNSUPPORTED_METHOD: return "the gzip data uses a compression method other than deflate";
      default: return "the gzip data is corrupt (invalid deflate data)";
    }
  }
  inflate_state st_{};
};

// zstd through libzstd's streaming decoder: frames one after another (zstd -c a b) and
// skippable frames (pzstd's), each checked against its checksum when it has one. A call
// that fails leaves its output uncounted, so each call gets the input of one block at
// most (the decoder's hint), and none while the block before is still being handed out:
// a failing call then holds nothing but the broken block. (With whole 256 KiB reads a
// fault lost the 128 KiB block decoded before it.)
class ZstdInput final : public StreamDecoder {
 public:
  explicit ZstdInput(RawInput& in) : StreamDecoder(in, "zstd", "a frame"), dctx_(ZSTD_createDCtx()) {
    if (dctx_ == nullptr) throw std::bad_alloc();
  }
  ~ZstdInput() override { ZSTD_freeDCtx(dctx_); }

 private:
  Step decode(Pending& in, char* dst, std::size_t n) override {
    ZSTD_inBuffer src{in.next, flushing_ ? 0 : std::min(in.avail, hint_), 0};
    ZSTD_outBuffer out{dst, n, 0};
    const std::size_t rc = ZSTD_decompressStream(dctx_, &out, &src);
    in.next += src.pos;
    in.avail -= src.pos;
    Step s;
    s.produced = out.pos;
    if (!ZSTD_isError(rc)) {
      s.end = rc == 0;  // a frame decoded and all of it handed out
      hint_ = rc;
      flushing_ = out.pos == n;
      return s;
    }
    switch (ZSTD_getErrorCode(rc)) {
      case ZSTD_error_prefix_unknown:
        s.foreign = true;
        s.error = "the zstd data is corrupt (unknown frame header)";
        break;
      case ZSTD_error_checksum_wrong: s.error = "the zstd data is corrupt (checksum mismatch)"; break;
      case ZSTD_error_frameParameter_windowTooLarge:
        // zstd -d refuses such a frame too, without --memory.
        s.error = "the zstd data needs more than 128 MiB of memory to decode (zstd --long=28 or more): "
                  "decompress it first with zstd -d --memory=2048MB";
        break;
      case ZSTD_error_dictionary_wrong:  // a frame that names a dictionary: the data is whole
        s.error = "the zstd data was compressed with a dictionary, which chesstool does not read: decompress it first "
                  "with zstd -d -D DICTIONARY";
        break;
      default: s.error = std::string("the zstd data is corrupt (") + ZSTD_getErrorName(rc) + ")"; break;
    }
    return s;
  }
  void restart() override {
    ZSTD_DCtx_reset(dctx_, ZSTD_reset_session_only);
    hint_ = kFrameStart;
  }
  // A frame, or a skippable frame: magic 0x184D2A50 to 0x184D2A5F, little-endian.
  bool starts_stream(const unsigned char* p, std::size_t n) const override {
    return magic_prefix("\x28\xB5\x2F\xFD", p, n) || ((p[0] & 0xF0) == 0x50 && magic_prefix("\x2A\x4D\x18", p + 1, n - 1));
  }

  // A frame header's first bytes: the decoder's hint asks for the rest.
  static constexpr std::size_t kFrameStart = 5;
  ZSTD_DCtx* dctx_;
  std::size_t hint_ = kFrameStart;  // input for the next call
  bool flushing_ = false;           // the last call filled dst: it may hold more
};

// xz through liblzma, one stream at a time (the streams of a file are concatenated here,
// not by LZMA_CONCATENATED, which calls bytes that are not xz after a stream corrupt data,
// or truncated when they are fewer than a stream header); each block's integrity check
// (CRC-32, CRC-64 or SHA-256) is verified.
class XzInput final : public StreamDecoder {
 public:
  explicit XzInput(RawInput& in) : StreamDecoder(in, "xz", "a stream") { restart(); }
  ~XzInput() override { lzma_end(&st_); }

 private:
  Step decode(Pending& in, char* dst, std::size_t n) override {
    st_.next_in = in.next;
    st_.avail_in = in.avail;
    st_.next_out = reinterpret_cast<std::uint8_t*>(dst);
    st_.avail_out = n;
    const lzma_ret rc = lzma_code(&st_, LZMA_RUN);
    in.next += in.avail - st_.avail_in;
    in.avail = st_.avail_in;
    Step s;
    s.produced = n - st_.avail_out;
    s.end = rc == LZMA_STREAM_END;
    switch (rc) {
      case LZMA_OK:
      case LZMA_STREAM_END:
      case LZMA_BUF_ERROR: break;  // no progress: a cut, when the input has ended
      case LZMA_FORMAT_ERROR:
        s.foreign = true;
        s.error = "the xz data is corrupt (invalid stream header)";
        break;
      case LZMA_OPTIONS_ERROR: s.error = "the xz data uses options that liblzma does not support"; break;
      case LZMA_MEM_ERROR:
      case LZMA_MEMLIMIT_ERROR: s.error = "out of memory decoding the xz data"; break;
      default: s.error = "the xz data is corrupt (invalid compressed data or a failed integrity check)"; break;
    }
    return s;
  }
  void restart() override {
    if (lzma_stream_decoder(&st_, UINT64_MAX, 0) != LZMA_OK) throw std::bad_alloc();
  }
  bool starts_stream(const unsigned char* p, std::size_t n) const override {
    return magic_prefix(std::string_view("\xFD" "7zXZ\0", 6), p, n);
  }
  // The xz format allows stream padding between streams (xz -dc reads it).
  bool padding_between_streams() const override { return true; }

  lzma_stream st_{};  // all zero: LZMA_STREAM_INIT
};

// bzip2 through libbz2: streams one after another (pbzip2 writes one per block), each
// block checked against its CRC-32 and each stream against its combined CRC.
class Bzip2Input final : public StreamDecoder {
 public:
  explicit Bzip2Input(RawInput& in) : StreamDecoder(in, "bzip2", "a stream") { start(); }
  ~Bzip2Input() override { BZ2_bzDecompressEnd(&st_); }

 private:
  Step decode(Pending& in, char* dst, std::size_t n) override {
    st_.next_in = reinterpret_cast<char*>(in.next);
    st_.avail_in = unsigned(in.avail);
    st_.next_out = dst;
    st_.avail_out = unsigned(n);
    const int rc = BZ2_bzDecompress(&st_);
    in = {reinterpret_cast<unsigned char*>(st_.next_in), st_.avail_in};
    Step s;
    s.produced = n - st_.avail_out;
    s.end = rc == BZ_STREAM_END;
    if (rc == BZ_DATA_ERROR_MAGIC) {
      s.foreign = true;
      s.error = "the bzip2 data is corrupt (invalid stream header)";
    } else if (rc == BZ_MEM_ERROR) {
      s.error = "out of memory decoding the bzip2 data";
    } else if (rc != BZ_OK && rc != BZ_STREAM_END) {
      s.error = "the bzip2 data is corrupt (invalid compressed data or a CRC mismatch)";
    }
    return s;
  }
  void restart() override {
    BZ2_bzDecompressEnd(&st_);
    start();
  }
  bool starts_stream(const unsigned char* p, std::size_t n) const override { return magic_prefix("BZh", p, n); }
  void start() {
    st_ = bz_stream{};
    if (BZ2_bzDecompressInit(&st_, 0, 0) != BZ_OK) throw std::bad_alloc();
  }

  bz_stream st_{};
};

}  // namespace

std::unique_ptr<RawInput> make_stream_decoder(InputFormat format, RawInput& in) {
  switch (format) {
    case InputFormat::Gzip: return std::make_unique<GzipInput>(in);
    case InputFormat::Zstd: return std::make_unique<ZstdInput>(in);
    case InputFormat::Xz: return std::make_unique<XzInput>(in);
    case InputFormat::Bzip2: return std::make_unique<Bzip2Input>(in);
    case InputFormat::Plain:
    case InputFormat::Zip:
    case InputFormat::Tar:
    case InputFormat::Binary: break;
  }
  return nullptr;
}

}  // namespace chesstool::io::detail
