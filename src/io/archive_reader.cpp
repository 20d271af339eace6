// SPDX-License-Identifier: MIT
// Format sniffing and the decoder thread: the stream decoders for gzip, zstd, xz and
// bzip2 (stream_decoders), libarchive for zip and tar (loaded on first use: libarchive_api).
#include "io/archive_reader.hpp"

#include <clocale>
#include <locale.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "io/libarchive_api.hpp"
#include "io/source.hpp"
#include "io/stream_decoders.hpp"

namespace chesstool::io {

namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

bool ends_with_nocase(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    char c = s[s.size() - suffix.size() + i];
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    if (c != suffix[i]) return false;
  }
  return true;
}

// A tar header without the ustar magic (the old V7 format, GNU tar --format=v7): its
// checksum field holds, in octal, the sum of the header's 512 bytes with that field's 8
// counted as blanks. PGN text, which has no NUL bytes, cannot be one.
bool is_v7_tar_header(std::string_view h) {
  if (h.size() < 512 || h[0] == '\0' || h.substr(0, 100).find('\0') == std::string_view::npos) return false;
  unsigned sum = 0;
  for (std::size_t i = 0; i < 512; ++i) sum += i >= 148 && i < 156 ? unsigned(' ') : static_cast<unsigned char>(h[i]);
  std::size_t i = 148;
  while (i < 156 && h[i] == ' ') ++i;
  unsigned field = 0, digits = 0;
  for (; i < 156 && h[i] >= '0' && h[i] <= '7'; ++i, ++digits) field = field * 8 + unsigned(h[i] - '0');
  return digits > 0 && field == sum;
}

// UTF-16 without its byte order mark (some Windows tools write it): ASCII text with a
// NUL beside every byte, after it (little-endian) or before it (big-endian); UTF-32 the
// same with three NULs. What it is, or nullptr.
const char* unmarked_utf(std::string_view h) {
  if (h.size() < 16) return nullptr;
  const auto u = [h](std::size_t i) { return static_cast<unsigned char>(h[i]); };
  const auto ascii = [](unsigned c) { return (c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r'; };
  std::size_t le = 0, be = 0, quads = 0;
  for (std::size_t i = 0; i + 3 < h.size(); i += 4, ++quads) {
    le += ascii(u(i)) && u(i + 1) == 0 && u(i + 2) == 0 && u(i + 3) == 0;
    be += u(i) == 0 && u(i + 1) == 0 && u(i + 2) == 0 && ascii(u(i + 3));
  }
  if (le * 10 >= quads * 9)
    return "UTF-32 text without a byte order mark (convert it to UTF-8 first: iconv -f UTF-32LE -t UTF-8)";
  if (be * 10 >= quads * 9)
    return "UTF-32 text without a byte order mark (convert it to UTF-8 first: iconv -f UTF-32BE -t UTF-8)";
  le = be = 0;
  std::size_t pairs = 0;
  for (std::size_t i = 0; i + 1 < h.size(); i += 2, ++pairs) {
    le += ascii(u(i)) && u(i + 1) == 0;
    be += u(i) == 0 && ascii(u(i + 1));
  }
  if (le * 10 >= pairs * 9)
    return "UTF-16 text without a byte order mark (convert it to UTF-8 first: iconv -f UTF-16LE -t UTF-8)";
  if (be * 10 >= pairs * 9)
    return "UTF-16 text without a byte order mark (convert it to UTF-8 first: iconv -f UTF-16BE -t UTF-8)";
  return nullptr;
}

}  // namespace

InputFormat sniff_format(std::string_view h, std::string* what) {
  auto binary = [&](const char* w) {
    if (what) *what = w;
    return InputFormat::Binary;
  };
  const auto u = [&](std::size_t i) { return i < h.size() ? static_cast<unsigned char>(h[i]) : 0u; };
  if (u(0) == 0x1F && u(1) == 0x8B && h.size() >= 2) return InputFormat::Gzip;
  if (starts_with(h, "\x28\xB5\x2F\xFD")) return InputFormat::Zstd;
  // A skippable frame (magic 0x184D2A50 to 0x184D2A5F, little-endian) opens pzstd's files.
  if (h.size() >= 4 && (u(0) & 0xF0) == 0x50 && u(1) == 0x2A && u(2) == 0x4D && u(3) == 0x18) return InputFormat::Zstd;
  if (starts_with(h, "BZh") && u(3) >= '1' && u(3) <= '9') return InputFormat::Bzip2;
  if (starts_with(h, std::string_view("\xFD" "7zXZ\0", 6))) return InputFormat::Xz;
  if (starts_with(h, "PK\x03\x04") || starts_with(h, "PK\x05\x06")) return InputFormat::Zip;
  // The ustar magic with the NUL bytes every tar header has (its name field is padded with
  // them): PGN text may hold "ustar" there ("Mustard" in a tag value), never a NUL.
  // (A tar cut inside its first header is still told, and its reader says it is truncated.)
  if ((h.size() >= 262 && h.substr(257, 5) == "ustar" && h.substr(0, 512).find('\0') != std::string_view::npos) ||
      is_v7_tar_header(h))
    return InputFormat::Tar;
  // A whole input that is only the first bytes of a magic number (a download cut there):
  // that format, whose decoder then says the data is truncated. Only starts that hold a
  // byte no PGN text has (0x1F, 0xB5, 0xFD), so a short text stays text.
  const auto cut_magic = [&](std::string_view magic, std::size_t least) {
    return h.size() >= least && h.size() < magic.size() && starts_with(magic, h);
  };
  if (cut_magic("\x1F\x8B", 1)) return InputFormat::Gzip;
  if (cut_magic("\x28\xB5\x2F\xFD", 2)) return InputFormat::Zstd;
  if (cut_magic(std::string_view("\xFD" "7zXZ\0", 6), 1)) return InputFormat::Xz;
  // Formats people do download next to PGN files, named so the message helps.
  if (starts_with(h, "7z\xBC\xAF\x27\x1C")) return binary("a 7z archive (extract it first: 7z x)");
  if (starts_with(h, "Rar!\x1A\x07")) return binary("a RAR archive (extract it first)");
  if (starts_with(h, "\x89PNG\r\n\x1A\n")) return binary("a PNG image");
  if (starts_with(h, "\xFF\xD8\xFF")) return binary("a JPEG image");
  if (starts_with(h, "GIF87a") || starts_with(h, "GIF89a")) return binary("a GIF image");
  if (starts_with(h, "%PDF-")) return binary("a PDF document");
  if (starts_with(h, "\x7F" "ELF")) return binary("an executable (ELF)");
  if (starts_with(h, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")) return binary("an MS Office document (e.g. a ChessBase-era .doc)");
  if (starts_with(h, "\x04\x22\x4D\x18")) return binary("lz4-compressed data (decompress it first: lz4 -d)");
  if (starts_with(h, "LZIP")) return binary("lzip-compressed data (decompress it first: lzip -d)");
  if (u(0) == 0x1F && u(1) == 0x9D) return binary("compress(1) data (decompress it first: uncompress)");
  // UTF-32's byte order marks first: the little-endian one starts as UTF-16's does.
  if (starts_with(h, std::string_view("\xFF\xFE\0\0", 4)) || starts_with(h, std::string_view("\0\0\xFE\xFF", 4)))
    return binary("UTF-32 text (convert it to UTF-8 first: iconv -f UTF-32 -t UTF-8)");
  if (starts_with(h, "\xFF\xFE") || starts_with(h, "\xFE\xFF"))
    return binary("UTF-16 text (convert it to UTF-8 first: iconv -f UTF-16 -t UTF-8)");
  if (const char* unmarked = unmarked_utf(h)) return binary(unmarked);
  // A tar archive with no member is zero blocks only (10 KiB from tar), with no header to
  // say tar; a file of zeros is told as what it most likely is.
  if (h.size() >= 512 && h.find_first_not_of('\0') == std::string_view::npos)
    return binary("nothing but zero bytes (an empty tar archive?)");
  // Anything else with control bytes in more than 1 byte of 20 is no text in any
  // encoding chesstool reads: PGN text has none (random bytes have one in 9; a stray NUL
  // in a PGN file stays a nul-byte error of its game).
  std::size_t control = 0;
  for (std::size_t i = 0; i < h.size(); ++i) {
    const unsigned c = u(i);
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1B) ++control;
  }
  if (control >= 4 && control * 20 > h.size()) return binary("binary data of an unknown format");
  return InputFormat::Plain;
}

bool sniff_enough(std::string_view head) {
  if (head.size() >= kSniffBytes) return true;
  std::string what;
  const InputFormat f = sniff_format(head, &what);
  if (head.size() >= 8 && f != InputFormat::Plain && f != InputFormat::Tar &&
      !(f == InputFormat::Binary && what.rfind("binary data", 0) == 0))
    return true;
  const std::size_t lf = head.find('\n');
  return lf != std::string_view::npos && head.substr(0, lf).find('\0') == std::string_view::npos;
}

const char* format_name(InputFormat f) {
  switch (f) {
    case InputFormat::Plain: return "plain";
    case InputFormat::Gzip: return "gzip";
    case InputFormat::Zstd: return "zstd";
    case InputFormat::Bzip2: return "bzip2";
    case InputFormat::Xz: return "xz";
    case InputFormat::Zip: return "zip";
    case InputFormat::Tar: return "tar";
    case InputFormat::Binary: return "binary";
  }
  return "plain";
}

InputFormat file_format(const std::string& path, std::string* what) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return InputFormat::Plain;
  char head[kSniffBytes];
  const ssize_t got = ::pread(fd, head, sizeof head, 0);
  ::close(fd);
  if (got <= 0) return InputFormat::Plain;
  return sniff_format(std::string_view(head, std::size_t(got)), what);
}

bool is_pgn_member_name(std::string_view name) { return is_member_name(MemberKind::Pgn, name); }

bool is_member_name(MemberKind kind, std::string_view name) {
  // Each compressed as a PGN member may be (a gzip inside a tar).
  for (const char* compressed : {"", ".gz", ".zst", ".bz2", ".xz"}) {
    if (ends_with_nocase(name, compressed)) {
      const std::string_view base = name.substr(0, name.size() - std::string_view(compressed).size());
      switch (kind) {
        case MemberKind::Pgn:
          if (ends_with_nocase(base, ".pgn")) return true;
          break;
        case MemberKind::Fen:
          if (ends_with_nocase(base, ".fen") || ends_with_nocase(base, ".epd")) return true;
          break;
        case MemberKind::Json:
          if (ends_with_nocase(base, ".json") || ends_with_nocase(base, ".ndjson") || ends_with_nocase(base, ".jsonl"))
            return true;
          break;
      }
    }
  }
  return false;
}

const char* member_kind_names(MemberKind kind) {
  switch (kind) {
    case MemberKind::Fen: return ".fen or .epd";
    case MemberKind::Json: return ".json, .ndjson or .jsonl";
    case MemberKind::Pgn: break;
  }
  return ".pgn";
}

namespace detail {

namespace {

constexpr std::size_t kChunk = ByteSource::kChunkSize;

// The input file. A pipe is polled together with the decoder's wake-up pipe, so the
// consumer can stop a thread that waits for input that may never come. A regular file can
// be narrowed to a window (one zip archive of several joined with cat): reads end at its
// end, and offsets (SEEK_END too) count within it.
class FdInput final : public RawInput {
 public:
  FdInput(int fd, bool regular, int wake) : fd_(fd), regular_(regular), wake_(wake) {}
  std::ptrdiff_t read(char* dst, std::size_t n, std::string& error) override {
    for (;;) {
      if (!regular_) {
        pollfd p[2] = {{fd_, POLLIN, 0}, {wake_, POLLIN, 0}};
        if (::poll(p, 2, -1) < 0) {
          if (errno == EINTR) continue;
          error = std::strerror(errno);
          return -1;
        }
        if (p[1].revents != 0) {
          error.clear();
          return -1;
        }
      } else if (end_ >= 0) {
        const std::int64_t at = ::lseek(fd_, 0, SEEK_CUR);
        n = at < 0 || at >= end_ ? 0 : static_cast<std::size_t>(std::min<std::int64_t>(std::int64_t(n), end_ - at));
      }
      const ssize_t got = ::read(fd_, dst, n);
      if (got >= 0) return got;
      if (errno == EINTR) continue;
      error = std::strerror(errno);
      return -1;
    }
  }
  std::int64_t seek(std::int64_t offset, int whence) {
    if (end_ < 0) return ::lseek(fd_, offset, whence);
    const std::int64_t to = whence == SEEK_SET ? begin_ + offset
                            : whence == SEEK_END ? end_ + offset
                                                 : ::lseek(fd_, 0, SEEK_CUR) + offset;
    const std::int64_t at = to < begin_ ? -1 : ::lseek(fd_, to, SEEK_SET);
    return at < 0 ? -1 : at - begin_;
  }
  void set_window(std::int64_t begin, std::int64_t end) {
    begin_ = begin;
    end_ = end;
    ::lseek(fd_, begin, SEEK_SET);
  }
  std::int64_t size() const {
    struct stat st {};
    return ::fstat(fd_, &st) == 0 ? std::int64_t(st.st_size) : -1;
  }
  // n bytes from offset at of the whole file (fewer at its end; pread: the read position stays).
  std::string bytes_at(std::int64_t at, std::size_t n) const {
    std::string s(n, '\0');
    const ssize_t got = at < 0 ? -1 : ::pread(fd_, s.data(), n, static_cast<off_t>(at));
    s.resize(got < 0 ? 0 : std::size_t(got));
    return s;
  }

 private:
  int fd_;
  bool regular_;
  int wake_;
  std::int64_t begin_ = 0, end_ = -1;  // the window, when end_ >= 0
};

// Bytes already read (to tell the format) handed out again before the rest.
class PrefixedInput final : public RawInput {
 public:
  PrefixedInput(std::string_view prefix, RawInput& rest) : prefix_(prefix), rest_(rest) {}
  // Bytes handed out again before the rest: read and not used (what follows an archive).
  void unread(std::string_view bytes) {
    prefix_ = std::string(bytes) + prefix_.substr(pos_);
    pos_ = 0;
  }
  std::ptrdiff_t read(char* dst, std::size_t n, std::string& error) override {
    if (pos_ < prefix_.size()) {
      const std::size_t k = std::min(n, prefix_.size() - pos_);
      std::memcpy(dst, prefix_.data() + pos_, k);
      pos_ += k;
      return std::ptrdiff_t(k);
    }
    return rest_.read(dst, n, error);
  }

 private:
  std::string prefix_;
  std::size_t pos_ = 0;
  RawInput& rest_;
};

// The little-endian number of `bytes` bytes at s[at] (zip's byte order).
std::uint64_t le(std::string_view s, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(s[at + std::size_t(i)]);
  return v;
}

// Zip archives joined with cat, in a file. libarchive reads a zip file from its last
// end-of-central-directory record, whose offsets it takes as counted from where that
// archive starts: the archives before it were skipped without a word. The end records
// are read here, from the last: each archive is then read on its own, in file order.
// Zero bytes between or after archives are padding; other data just after the last is
// reported once they are read (zip_layout). Any other layout (other data before, an archive cut short or damaged,
// offsets counted from elsewhere) is read as a stream, as from a pipe: a file and a pipe
// then give the same games and the same error, whatever the size of the data after.

// The zip records' signatures (APPNOTE 4.3): a member's local header, a central directory
// header, the end record, the zip64 end record and its locator, the digital signature.
constexpr std::string_view kZipLocalHeader("PK\x03\x04", 4), kZipCentralHeader("PK\x01\x02", 4),
    kZipEndRecord("PK\x05\x06", 4), kZip64EndRecord("PK\x06\x06", 4), kZip64Locator("PK\x06\x07", 4),
    kZipSignature("PK\x05\x05", 4);

// Whether the 4 bytes of sig are one of the records above.
bool is_zip_record(std::string_view sig) {
  for (const std::string_view record :
       {kZipLocalHeader, kZipCentralHeader, kZipEndRecord, kZip64EndRecord, kZip64Locator, kZipSignature})
    if (sig == record) return true;
  return false;
}

// Whether the 4 bytes of sig begin a zip archive (an empty one is its end record alone).
bool starts_zip_archive(std::string_view sig) { return sig == kZipLocalHeader || sig == kZipEndRecord; }

// Where the file's first `limit` bytes end once the zero bytes at their end (padding) are
// left out. Read backwards a chunk at a time: gigabytes of zeros cost no memory.
std::int64_t nonzero_end(const FdInput& f, std::int64_t limit) {
  constexpr std::int64_t kStep = 65536;
  for (std::int64_t end = limit; end > 0;) {
    const std::int64_t from = std::max<std::int64_t>(0, end - kStep);
    const std::string s = f.bytes_at(from, std::size_t(end - from));
    if (s.size() != std::size_t(end - from)) return end;  // unreadable: the stream reports it
    const std::size_t i = s.find_last_not_of('\0');
    if (i != std::string::npos) return from + std::int64_t(i) + 1;
    end = from;
  }
  return 0;
}

// A central directory entry's local-header offset. 0xFFFFFFFF: the zip64 extra field
// (0x0001) holds it, after the sizes whose 32-bit value is 0xFFFFFFFF too (the spec's order).
std::uint64_t local_offset(std::string_view e) {
  const std::uint64_t offset = le(e, 42, 4);
  if (offset != 0xFFFFFFFF) return offset;
  for (std::size_t x = 46 + std::size_t(le(e, 28, 2)); x + 4 <= e.size();) {
    const std::size_t id = std::size_t(le(e, x, 2)), n = std::size_t(le(e, x + 2, 2));
    if (id == 1) {
      const std::size_t at = x + 4 + (le(e, 24, 4) == 0xFFFFFFFF ? 8 : 0) + (le(e, 20, 4) == 0xFFFFFFFF ? 8 : 0);
      return at + 8 <= x + 4 + n && at + 8 <= e.size() ? le(e, at, 8) : offset;
    }
    x += 4 + n;
  }
  return offset;
}

// Calls visit with each entry of the central directory (size bytes at cd), from its
// signature to the end of its name and extra field, read a chunk at a time (65535 entries
// make megabytes). False when an entry is not where one should be, or visit said so.
template <class Visit>
bool for_each_central_entry(const FdInput& f, std::int64_t cd, std::uint64_t size, Visit visit) {
  std::string buf;
  std::uint64_t buf_at = 0;
  const auto have = [&](std::uint64_t at, std::uint64_t n) {  // the directory's bytes [at, at + n) in buf
    if (at + n > buf_at + buf.size()) {
      buf = f.bytes_at(cd + std::int64_t(at), std::size_t(std::max<std::uint64_t>(n, 65536)));
      buf_at = at;
    }
    return at + n <= size && at + n <= buf_at + buf.size();
  };
  for (std::uint64_t at = 0; at < size;) {
    if (!have(at, 4)) return false;
    const std::string_view sig = std::string_view(buf).substr(std::size_t(at - buf_at), 4);
    if (sig == kZipSignature) break;  // the digital signature ends it
    if (sig != kZipCentralHeader || !have(at, 46)) return false;
    const std::string_view e = std::string_view(buf).substr(std::size_t(at - buf_at));
    const std::uint64_t name_extra = 46 + le(e, 28, 2) + le(e, 30, 2), n = name_extra + le(e, 32, 2);
    if (!have(at, n)) return false;  // buf may have been read again
    if (!visit(std::string_view(buf).substr(std::size_t(at - buf_at), name_extra))) return false;
    at += n;
  }
  return true;
}

// The smallest local-header offset among the entries of the central directory; nullopt
// when an entry is not where one should be. Zip writers put the first member at the
// archive's first byte: entries that start later were counted from an earlier byte (`zip
// -A` on archives joined with cat: the first archive's members are not listed) or leave a
// member out.
std::optional<std::uint64_t> first_local_header(const FdInput& f, std::int64_t cd, std::uint64_t size) {
  std::uint64_t lowest = ~std::uint64_t(0);
  const bool read = for_each_central_entry(f, cd, size, [&](std::string_view e) {
    lowest = std::min(lowest, local_offset(e));
    return true;
  });
  return read ? std::optional(lowest) : std::nullopt;
}

// Whether a local header's 32-bit field agrees with the directory's: the same, or a zip64
// placeholder, or 0 where the sizes follow the data (general purpose bit 3).
bool same_zip_field(std::uint64_t local, std::uint64_t central, bool sizes_after_data) {
  return local == central || local == 0xFFFFFFFF || central == 0xFFFFFFFF || (sizes_after_data && local == 0);
}

// Whether every entry's local header (its offset counted from start) is one, and says what
// the entry says: name, method and, where given, CRC-32 and sizes. libarchive takes a
// member's name and sizes from its local header, so a header damaged there made a
// member's games vanish without a word (a name no longer ending in .pgn) or a whole
// member "truncated", where the same bytes on a pipe gave another verdict; such a file is
// read as a stream, as a pipe is.
bool local_headers_agree(const FdInput& f, std::int64_t start, std::int64_t cd, std::uint64_t size) {
  return for_each_central_entry(f, cd, size, [&](std::string_view e) {
    const std::size_t name = std::size_t(le(e, 28, 2));
    const std::string local = f.bytes_at(start + std::int64_t(local_offset(e)), 30 + name);
    if (local.size() != 30 + name || local.compare(0, 4, kZipLocalHeader) != 0 || le(local, 26, 2) != name ||
        local.compare(30, name, e.substr(46, name)) != 0 || le(local, 8, 2) != le(e, 10, 2))
      return false;
    const bool after = (le(local, 6, 2) & 8) != 0;
    return same_zip_field(le(local, 14, 4), le(e, 16, 4), after) && same_zip_field(le(local, 18, 4), le(e, 20, 4), after) &&
           same_zip_field(le(local, 22, 4), le(e, 24, 4), after);
  });
}

constexpr const char* kOtherDataAfterZip = "the zip archive is followed by other data, not read (it is no zip archive)";

// Whether the bytes of [end, data_end) are other data, as a stream's reader (after_zip)
// takes them: past the zero bytes, no other archive's first record.
bool other_data_after(const FdInput& f, std::int64_t end, std::int64_t data_end) {
  if (end >= data_end) return false;
  const std::string s = f.bytes_at(end, std::size_t(data_end - end));
  const std::size_t k = s.find_first_not_of('\0');
  if (k == std::string::npos) return false;
  const std::string_view sig = std::string_view(s).substr(k, 4);
  return !starts_zip_archive(sig);
}

// The zip archive whose end record (and its comment) ends in [data_end, limit]: where it
// starts and where that record ends. data_end: where the bytes before limit that are not
// zero end (nonzero_end): the record ends there (one followed by other data is not taken),
// or, followed, before it, with other data (other_data_after) between.
// Its central directory must be where the record says, counted back from the record (a
// zip64 one, 76 bytes before it, when there is one), its entries' first local header
// (or, with no member, the record) where the archive starts, and every local header as
// its entry says (local_headers_agree).
std::optional<std::pair<std::int64_t, std::int64_t>> last_zip(const FdInput& f, std::int64_t limit,
                                                              std::int64_t data_end, bool followed = false) {
  const std::int64_t from = std::max<std::int64_t>(0, data_end - 22 - 65535);
  const std::int64_t to = std::min<std::int64_t>(limit, data_end + 22 + 65535);
  const std::string tail = f.bytes_at(from, std::size_t(to - from));
  for (std::size_t i = std::size_t(std::max<std::int64_t>(data_end - 4 - from, 0)) + 1; i-- > 0;) {
    if (i + 22 > tail.size() || tail.compare(i, 4, kZipEndRecord) != 0) continue;
    const std::int64_t at = from + std::int64_t(i), end = at + 22 + std::int64_t(le(tail, i + 20, 2));
    if (end > limit || le(tail, i + 4, 4) != 0) continue;  // cut short, or multi-disk
    if (followed ? !other_data_after(f, end, data_end) : end < data_end) continue;
    std::int64_t cd_end = at;
    std::uint64_t size = le(tail, i + 12, 4), offset = le(tail, i + 16, 4);
    if (at >= 76 && f.bytes_at(at - 20, 4) == kZip64Locator) {
      const std::string z64 = f.bytes_at(at - 76, 56);
      if (z64.size() < 56 || z64.compare(0, 4, kZip64EndRecord) != 0 || le(z64, 4, 8) != 44) continue;
      cd_end = at - 76;
      size = le(z64, 40, 8);
      offset = le(z64, 48, 8);
    }
    if (size > std::uint64_t(cd_end) || offset > std::uint64_t(cd_end) - size) continue;
    const std::int64_t cd = cd_end - std::int64_t(size), start = cd - std::int64_t(offset);
    if (size > 0 && (first_local_header(f, cd, size) != std::uint64_t(0) || !local_headers_agree(f, start, cd, size)))
      continue;
    if (f.bytes_at(start, 4) != kZipLocalHeader && !(size == 0 && start == cd)) continue;
    return std::pair{start, end};
  }
  return std::nullopt;
}

// Each archive's first byte and its end, from the file's first byte, the last followed
// by zeros only, or (followed: true) by other data within 64 KiB of its end record: a
// stream cannot read a member compressed with bzip2 or LZMA whose sizes follow its data,
// so the archives are read by their end records and the data after is reported. Empty
// when the file is laid out otherwise (read as a stream then).
std::vector<std::pair<std::int64_t, std::int64_t>> zip_layout(const FdInput& f, bool& followed) {
  std::vector<std::pair<std::int64_t, std::int64_t>> parts;
  followed = false;
  for (std::int64_t limit = f.size(); limit > 0;) {
    const std::int64_t data_end = nonzero_end(f, limit);
    auto zip = last_zip(f, limit, data_end);
    if (!zip && parts.empty()) {
      zip = last_zip(f, limit, data_end, true);
      followed = zip.has_value();
    }
    if (!zip) return {};
    parts.push_back(*zip);
    limit = zip->first;  // before it, another archive or zeros after one
  }
  std::reverse(parts.begin(), parts.end());
  return parts;
}

// The bytes of a stream after a zip archive's members, looked at a record at a time; what
// was read and not used is handed back (PrefixedInput::unread) when it goes.
class Lookahead {
 public:
  explicit Lookahead(PrefixedInput& in) : in_(in) {}
  ~Lookahead() { in_.unread(std::string_view(buf_).substr(pos_)); }
  Lookahead(const Lookahead&) = delete;
  Lookahead& operator=(const Lookahead&) = delete;
  // How many bytes are there, n or fewer (the data ends first); -1 when reading failed
  // (error() says why; empty: stopped).
  std::ptrdiff_t fill(std::size_t n) {
    while (buf_.size() - pos_ < n) {
      char chunk[16384];
      const std::ptrdiff_t got = in_.read(chunk, sizeof chunk, error_);
      if (got < 0) return -1;
      if (got == 0) break;
      buf_.erase(0, pos_);
      pos_ = 0;
      buf_.append(chunk, std::size_t(got));
    }
    return std::ptrdiff_t(std::min(n, buf_.size() - pos_));
  }
  std::string_view view() const { return std::string_view(buf_).substr(pos_); }
  // Passes n bytes; the number passed (fewer: the data ended), -1 when reading failed.
  std::int64_t skip(std::uint64_t n) {
    std::uint64_t done = 0;
    while (done < n) {
      const std::ptrdiff_t got = fill(std::size_t(std::min<std::uint64_t>(n - done, 16384)));
      if (got <= 0) return got < 0 ? -1 : std::int64_t(done);
      pos_ += std::size_t(got);
      done += std::uint64_t(got);
    }
    return std::int64_t(done);
  }
  const std::string& error() const { return error_; }

 private:
  PrefixedInput& in_;
  std::string buf_;
  std::size_t pos_ = 0;
  std::string error_;
};

// libarchive's stream: what it reads comes from a RawInput; seeking (a zip's central
// directory, skipping tar members) only on a regular file.
struct Client {
  Client(const LibArchive& l, RawInput& i, FdInput* s) : la(l), in(&i), seekable(s) {}
  const LibArchive& la;
  RawInput* in;
  FdInput* seekable;
  std::unique_ptr<char[]> buf = std::make_unique<char[]>(kChunk);
  std::size_t block = kChunk;  // bytes handed to libarchive at a time (see read_stream)
  std::string error;  // our own read error, which libarchive would only paraphrase
  bool failed = false;
  // Where the data read so far ends, and where its last byte that is not zero ends: zero
  // padding after a tar's end is no damage (see only_zeros_after).
  std::int64_t read_end = 0, nonzero_end = 0;
  // Reading a stream: the bytes read that libarchive has not used yet (from kept_begin), so
  // that what follows a zip archive's members can be read after its reader has ended.
  bool keep = false;
  // A zip file named by the user, read as a stream because no central directory of it
  // could be read (read_zip_file): a hint to give its name instead would be wrong.
  bool named_file = false;
  std::string kept;
  std::int64_t kept_begin = 0;
  // The bytes read after the end of what the reader a used; nullopt if they are gone.
  std::optional<std::string> unused(archive* a) const {
    const std::int64_t used = la.archive_filter_bytes(a, 0);
    if (!keep || used < kept_begin || used > kept_begin + std::int64_t(kept.size())) return std::nullopt;
    return kept.substr(std::size_t(used - kept_begin));
  }
};

// libarchive decodes a zip member from the bytes its reader has at hand, and drops what a
// decoding step produced when the step fails (a cut, damaged data): smaller blocks make
// smaller steps, so less of the text before a fault is lost.
constexpr std::size_t kZipBlock = 4096;

la_ssize_t client_read(archive* a, void* data, const void** out) {
  auto* c = static_cast<Client*>(data);
  const std::int64_t at = c->seekable ? c->seekable->seek(0, SEEK_CUR) : c->read_end;
  const std::ptrdiff_t got = c->in->read(c->buf.get(), c->block, c->error);
  if (got < 0) {
    c->failed = true;
    c->la.archive_set_error(a, EIO, "%s", c->error.empty() ? "stopped" : c->error.c_str());
    return -1;
  }
  // Backwards from the block's end: a block of text or a header ends in a byte that is not
  // zero at once, so this costs a byte a block but for padding.
  for (std::ptrdiff_t i = got; i > 0; --i)
    if (c->buf[std::size_t(i - 1)] != 0) {
      c->nonzero_end = at + i;
      break;
    }
  c->read_end = at + got;
  if (c->keep) {
    const std::int64_t used = c->la.archive_filter_bytes(a, 0);
    if (used > c->kept_begin) {
      const std::size_t drop = std::size_t(std::min<std::int64_t>(used - c->kept_begin, std::int64_t(c->kept.size())));
      c->kept.erase(0, drop);
      c->kept_begin += std::int64_t(drop);
    }
    c->kept.append(c->buf.get(), std::size_t(got));
  }
  *out = c->buf.get();
  return got;
}

la_int64_t client_skip(archive*, void* data, la_int64_t request) {
  auto* c = static_cast<Client*>(data);
  const std::int64_t from = c->seekable->seek(0, SEEK_CUR);
  const std::int64_t to = c->seekable->seek(request, SEEK_CUR);
  return from < 0 || to < 0 ? 0 : to - from;
}

la_int64_t client_seek(archive*, void* data, la_int64_t offset, int whence) {
  return static_cast<Client*>(data)->seekable->seek(offset, whence);
}

struct ArchiveFree {
  const LibArchive* la;
  void operator()(archive* a) const { la->archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveFree>;

// A libarchive reader of tar and zip on client (raw stands for "no container": one
// stream). Its data comes decompressed already: the stream decoders keep every byte
// decoded before a fault, where libarchive's filters lose the block they were decoding.
ArchivePtr open_archive(Client& client) {
  const LibArchive& la = client.la;
  ArchivePtr a(la.archive_read_new(), ArchiveFree{&la});
  if (!a) return a;
  la.archive_read_support_format_tar(a.get());
  la.archive_read_support_format_zip(a.get());
  la.archive_read_support_format_raw(a.get());
  // Tar files joined with cat: the members after the first one's end blocks are read, and
  // anything else there is a damaged header (an error), not data dropped without a word.
  la.archive_read_set_format_option(a.get(), "tar", "read_concatenated_archives", "1");
  la.archive_read_set_callback_data(a.get(), &client);
  la.archive_read_set_read_callback(a.get(), client_read);
  if (client.seekable) {
    la.archive_read_set_skip_callback(a.get(), client_skip);
    la.archive_read_set_seek_callback(a.get(), client_seek);
  }
  return a;
}

std::string lowercase(std::string s) {
  for (char& c : s) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

// What went wrong, as one clause about the data: "the zip archive is truncated (...)".
// A fault of the compressed stream around a tar (or zip) is the stream decoder's own.
// between_members: the failure came where a header should follow whole members, and in a tar
// that is also where other data appended after its end is read (as a concatenated archive).
std::string archive_problem(archive* a, const Client& client, InputFormat guess, bool between_members = false) {
  if (client.failed && !client.error.empty()) return client.error;
  const char* m = client.la.archive_error_string(a);
  // libarchive's zip reader fails without a word where the data ends after a member's
  // data, where the next header should be: a file cut at a member boundary.
  if ((!m || !*m) && (client.la.archive_format(a) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ZIP)
    return "the zip archive is truncated (it ends after a member, where another member or the central directory "
           "should follow)";
  std::string msg = m ? m : "unknown error";
  // Some of libarchive's messages end with a line end ("... (read 202732, expected 202457)\n").
  while (!msg.empty() && (msg.back() == '\n' || msg.back() == '\r' || msg.back() == ' ')) msg.pop_back();
  const std::string l = lowercase(msg);
  // A zip member's decoder says it when its data ends before its stream does: zlib -5,
  // Z_BUF_ERROR, and liblzma "no progress is possible".
  const bool cut = l.find("truncat") != std::string::npos || l.find("premature") != std::string::npos ||
                   l.find("unexpected end") != std::string::npos || l.find("no progress") != std::string::npos ||
                   l.find("failed (-5)") != std::string::npos;
  const int base = client.la.archive_format(a) & ARCHIVE_FORMAT_BASE_MASK;
  const std::string what = base == ARCHIVE_FORMAT_TAR   ? "the tar archive"
                           : base == ARCHIVE_FORMAT_ZIP ? "the zip archive"
                                                        : std::string("the ") + format_name(guess) + " data";
  std::string hint;
  // libarchive cannot stream a zip member compressed with bzip2 or LZMA whose sizes follow
  // its data (written so by a program writing to a pipe): whole, it reads as truncated.
  if (cut && base == ARCHIVE_FORMAT_ZIP && !client.seekable &&
      (l.find("bzip2") != std::string::npos || l.find("lzma") != std::string::npos || l.find("xz") != std::string::npos))
    hint = client.named_file
               ? "; a zip member compressed with bzip2 or LZMA whose sizes follow its data is read by the archive's "
                 "central directory, and this file has none that can be read (it is cut short or damaged)"
               : "; if the file is whole, give its name rather than a pipe: a zip member compressed with bzip2 or "
                 "LZMA whose sizes follow its data cannot be read from a stream";
  const std::string or_appended = between_members && base == ARCHIVE_FORMAT_TAR ? " or followed by other data" : "";
  return what + (cut ? " is truncated" : " is corrupt") + or_appended + " (" + msg + ")" + hint;
}

// One member's data (or the data of an input without members) read through libarchive.
// A member's data block by block (archive_read_data_block), not through
// archive_read_data: that one fills the whole request from several blocks and, when a
// later block fails (a truncated xz stream, a cut tar), returns the error alone and the
// bytes it had already copied are lost, up to a whole 256 KiB read of games before the
// fault. Holes of a sparse member read as NUL bytes.
class ArchiveDataInput final : public RawInput {
 public:
  ArchiveDataInput(archive* a, const Client& client, InputFormat guess) : a_(a), client_(client), guess_(guess) {}
  std::ptrdiff_t read(char* dst, std::size_t n, std::string& error) override {
    while (zeros_ == 0 && left_ == 0) {  // an empty block is not the end
      if (!pending_error_.empty()) {
        error = std::move(pending_error_);
        return -1;
      }
      const void* data = nullptr;
      std::size_t size = 0;
      la_int64_t offset = 0;
      const int r = client_.la.archive_read_data_block(a_, &data, &size, &offset);
      if (r == ARCHIVE_EOF) return 0;
      if (r < ARCHIVE_WARN) {
        if (client_.failed && client_.error.empty()) {
          error.clear();  // stopped, not broken
        } else {
          error = archive_problem(a_, client_, guess_);
        }
        return -1;
      }
      // A warning on data is damage found at a member's end, with its last block: a zip
      // member whose CRC-32 does not match ("ZIP bad CRC") is only a warning to libarchive.
      // The block goes out first, then the error.
      if (r == ARCHIVE_WARN) {
        pending_error_ = archive_problem(a_, client_, guess_);
        if (size == 0) continue;
      }
      if (offset > next_offset_) zeros_ = std::uint64_t(offset - next_offset_);
      next_offset_ = offset + la_int64_t(size);
      block_ = static_cast<const char*>(data);
      left_ = size;
    }
    if (zeros_ > 0) {
      const std::size_t k = std::size_t(std::min<std::uint64_t>(zeros_, n));
      std::memset(dst, 0, k);
      zeros_ -= k;
      return std::ptrdiff_t(k);
    }
    const std::size_t k = std::min(left_, n);
    std::memcpy(dst, block_, k);
    block_ += k;
    left_ -= k;
    return std::ptrdiff_t(k);
  }

 private:
  archive* a_;
  const Client& client_;
  InputFormat guess_;
  const char* block_ = nullptr;  // the rest of the last block read
  std::size_t left_ = 0;
  std::uint64_t zeros_ = 0;       // a hole before it
  la_int64_t next_offset_ = 0;    // where the data read so far ends in the member
  std::string pending_error_;     // damage reported with the last block, for the next read
};

// The code that runs on the decoder thread.
class Producer {
 public:
  Producer(Decoder& d, std::string display) : d_(d), display_(std::move(display)) {}

  void run(int fd, const std::string& prefix, bool seekable, InputFormat format) {
    FdInput file(fd, seekable, d_.wake_fd());
    PrefixedInput top(prefix, file);
    const std::unique_ptr<RawInput> decoded = make_stream_decoder(format, top);
    if (!decoded) return run_archive(top, seekable ? &file : nullptr, format);
    // A compressed stream goes through its decoder; a tar or zip inside it then through
    // libarchive. A fault among the first bytes is left for the next read (a decoder
    // repeats it), so that the bytes before it go out as the data of a member.
    Decoder::Buffer head = d_.get_buffer();
    std::string err;
    for (std::ptrdiff_t got = 1; got > 0 && head.size < kSniffBytes;) {
      got = decoded->read(head.data.get() + head.size, kChunk - head.size, err);
      head.size += std::size_t(std::max<std::ptrdiff_t>(got, 0));
    }
    const InputFormat inner = sniff_format(std::string_view(head.data.get(), head.size));
    PrefixedInput rest(std::string_view(head.data.get(), head.size), *decoded);
    if (inner == InputFormat::Tar || inner == InputFormat::Zip) return run_archive(rest, nullptr, inner);
    if (d_.push_member("") && pump(rest, display_, false)) d_.push_end();
  }

 private:
  // Reads into b until it holds at least want bytes or the input ends (eof). False when
  // reading failed (the error is queued) or the consumer has gone.
  bool fill(RawInput& in, Decoder::Buffer& b, std::size_t want, bool& eof, const std::string& where) {
    std::string err;
    while (b.size < want) {
      const std::ptrdiff_t got = in.read(b.data.get() + b.size, kChunk - b.size, err);
      if (got < 0) {
        if (!err.empty()) {
          if (b.size > 0) d_.push_data(std::move(b));  // the games before the fault still count
          fail(where, err);
        }
        return false;
      }
      if (got == 0) {
        eof = true;
        return true;
      }
      b.size += std::size_t(got);
    }
    return true;
  }

  // Reads in to its end; false when that failed (the error is queued) or was stopped.
  bool drain(RawInput& in) {
    Decoder::Buffer scratch = d_.get_buffer();
    std::string err;
    for (;;) {
      const std::ptrdiff_t got = in.read(scratch.data.get(), kChunk, err);
      if (got == 0) return true;
      if (got < 0) {
        if (!err.empty()) fail(display_, err);
        return false;
      }
    }
  }

  void fail(const std::string& where, const std::string& what) { d_.push_error("error reading " + where + ": " + what); }

  // Queues the data of in (one member); decompresses it first when it is compressed
  // and nested allows (a .pgn.gz in a tar). refused: in is the data of an archive the
  // reader did not take for one (its first header damaged), which is no archive inside
  // another. False when it failed or was stopped.
  bool pump(RawInput& in, const std::string& where, bool nested, bool refused = false) {
    Decoder::Buffer b = d_.get_buffer();
    bool eof = false;
    if (!fill(in, b, kSniffBytes, eof, where)) return false;
    std::string what;
    const InputFormat f = sniff_format(std::string_view(b.data.get(), b.size), &what);
    switch (f) {
      case InputFormat::Gzip:
      case InputFormat::Zstd:
      case InputFormat::Bzip2:
      case InputFormat::Xz: {
        if (!nested) {
          fail(where, std::string("the decompressed data is compressed again (") + format_name(f) +
                          "): decompress it once first");
          return false;
        }
        PrefixedInput p(std::string_view(b.data.get(), b.size), in);
        return pump(*make_stream_decoder(f, p), where, false);
      }
      case InputFormat::Zip:
      case InputFormat::Tar:
        if (refused)
          fail(where, std::string("the ") + format_name(f) + " archive is corrupt (its first header cannot be read)");
        else
          fail(where, std::string("it is a ") + format_name(f) + " archive inside an archive: extract it first");
        return false;
      case InputFormat::Binary:
        fail(where, "it is " + what);
        return false;
      case InputFormat::Plain: break;
    }
    for (;;) {
      if (b.size > 0 && !d_.push_data(std::move(b))) return false;
      if (eof) return true;
      b = d_.get_buffer();
      if (!fill(in, b, kChunk, eof, where)) return false;
    }
  }

  // The archive's bytes (decompressed) up to the end of the current entry's data and its
  // padding, for an entry whose data is not read: it is skipped (only right after its
  // header: a skip in another state is a fatal misuse).
  std::int64_t end_of_entry(archive* a) {
    (void)la_->archive_read_data_skip(a);
    return la_->archive_filter_bytes(a, 0);
  }

  // Why an archive whose members libarchive read to its end was cut short, if it was. A
  // tar ends with end-of-archive blocks (two of 512 zero bytes, POSIX ustar): libarchive
  // takes the end of the data after a member for the end of the archive too, but reads
  // (and consumes) a zero block only where the marker is. A zip without its central
  // directory's end record is after_zip's (a file is read by its end records only when
  // every one is there: zip_layout).
  std::optional<std::string> cut_short(archive* a, std::int64_t entry_end) {
    const int base = la_->archive_format(a) & ARCHIVE_FORMAT_BASE_MASK;
    if (base == ARCHIVE_FORMAT_TAR && la_->archive_filter_bytes(a, 0) - entry_end < 512)
      return "the tar archive is truncated (it ends after a member, without its end-of-archive blocks: members after "
             "that one are missing)";
    return std::nullopt;
  }

  // A member that is a link: a hard link (tar: its data is the member it names, stored
  // before it) or a symbolic link (tar or zip). Never read: a hard link would give its
  // target's games a second time (libarchive reports it with no data), and a symbolic
  // link points outside the archive's members.
  bool is_link(archive_entry* e) {
    return la_->archive_entry_hardlink(e) != nullptr || la_->archive_entry_filetype(e) == AE_IFLNK;
  }
  // For an entry that is not read: a link with a PGN member's name gets a note saying what
  // it links to (read_members: the PGN members read so far). False when the consumer has gone.
  bool note_link(archive_entry* e, const std::string& name, const std::unordered_set<std::string>& read_members) {
    if (!is_link(e) || !is_member_name(d_.members(), name)) return true;
    if (const char* target = la_->archive_entry_hardlink(e)) {
      if (read_members.contains(target))
        return d_.push_note({name, "a hard link to '" + std::string(target) +
                                       "': its games are that member's, read once [hard-link]"});
      return d_.push_note({name, "a hard link to '" + std::string(target) +
                                     "', a member not read as PGN: its games are not read (extract the archive to "
                                     "read them) [hard-link]"});
    }
    const char* target = la_->archive_entry_symlink(e);
    return d_.push_note({name, "a symbolic link to '" + std::string(target ? target : "") +
                                   "', not followed (only the files stored in the archive are read) [symbolic-link]"});
  }

  // libarchive, loaded by the first archive; false (the error queued) when it cannot be.
  bool load_libarchive() {
    std::string unavailable;
    la_ = libarchive(&unavailable);
    if (!la_) d_.push_error("cannot read " + display_ + ": " + unavailable);
    return la_ != nullptr;
  }

  // Whether the header status r ends the archive with an error, reported here (unless the
  // reader stopped it). ARCHIVE_RETRY is a header that does not check ("Damaged tar
  // archive"): a retry would skip to the next one that does, and the members between would
  // be lost without a word, so it is damage like any other. In a .tar.gz the damage is
  // often the decompressor's, said by it at the stream's end (its CRC-32): the rest is read
  // first, so that the cause is named.
  bool header_failed(int r, archive* a, const Client& client, RawInput& in, InputFormat format, bool after_members) {
    if (r != ARCHIVE_RETRY && r >= ARCHIVE_WARN) return false;
    const bool stopped = client.failed && client.error.empty();
    if (!stopped && (r != ARCHIVE_RETRY || drain(in))) fail(display_, archive_problem(a, client, format, after_members));
    return true;
  }

  // A zip or a tar (its data decompressed already, when it was compressed), through
  // libarchive.
  // Queues the games of the PGN member e, named name; false when that failed (the error is
  // queued) or was stopped. entry_end: the archive's bytes up to the end of its data.
  bool read_pgn_member(archive* a, archive_entry* e, const std::string& name, Client& client, InputFormat format,
                       std::int64_t& entry_end) {
    const std::string where = display_ + ":" + name;
    if (la_->archive_entry_is_encrypted(e)) {
      d_.push_error("cannot read " + where + ": the member is encrypted (chesstool does not decrypt archives)");
      return false;
    }
    if (la_->archive_entry_size_is_set(e) && la_->archive_entry_size(e) == 0) {
      // No games, and no data to read: libarchive 3.6 fails on an empty LZMA-compressed
      // zip member ("lzma unknown error 10"), and the members after it were lost.
      if (!d_.push_member(name)) return false;
      entry_end = end_of_entry(a);
      return true;
    }
    ArchiveDataInput data(a, client, format);
    if (!d_.push_member(name) || !pump(data, where, true)) return false;
    entry_end = la_->archive_filter_bytes(a, 0);  // read to its end, padding included
    return true;
  }

  // The name a PGN member's games are read under: its own, or for a name stored again (tar
  // -r and -u append a new copy, and extracting keeps the last), "NAME (copy N)", so that
  // each copy's games have places of their own (report took the second copy's games for
  // the first's, listed twice, and pointed each at itself).
  static std::string copy_name(const std::string& name, const std::unordered_set<std::string>& read) {
    if (!read.contains(name)) return name;
    for (unsigned n = 2;; ++n)
      if (std::string shown = name + " (copy " + std::to_string(n) + ")"; !read.contains(shown)) return shown;
  }
  static std::string repeated_member_note(const std::string& shown) {
    return "stored again in the archive (extracting keeps the last copy): this copy's games are read too, as '" + shown +
           "' [member-repeated]";
  }

  // What the members of an input's archives came to: one archive, or several joined with cat.
  struct Tally {
    bool container = false;  // members were found (not the raw data of a stream)
    // A stream's zip entries read since the last central directory: what one that follows
    // other data must list (after_zip).
    std::uint64_t zip_entries = 0;
    bool zip = false;        // the last archive was a zip
    std::uint64_t found = 0, others = 0;
    std::string other_names;
    std::unordered_set<std::string> read_members;  // the PGN members read, for the hard links to them
    std::optional<std::string> cut;                // why an archive ended too soon (cut_short)
  };

  // Reads the members of the archive a on client to its end; false when that failed (the
  // error is queued) or was stopped.
  bool read_members(archive* a, Client& client, InputFormat format, Tally& t) {
    auto stopped = [&] { return client.failed && client.error.empty(); };
    if (la_->archive_read_open1(a) != ARCHIVE_OK) {
      if (!stopped()) fail(display_, archive_problem(a, client, format));
      return false;
    }
    const bool had_members = t.container;
    t.container = false;
    std::int64_t entry_end = 0;  // the archive's bytes up to the end of the last entry's data
    for (;;) {
      archive_entry* e = nullptr;
      const int r = la_->archive_read_next_header(a, &e);
      t.zip = (la_->archive_format(a) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ZIP;
      if (r == ARCHIVE_EOF) {
        if (t.container && !t.cut) t.cut = cut_short(a, entry_end);
        break;
      }
      // Zero bytes after a tar's end blocks that are no whole block (padding written by
      // hand or by a tape tool) fail libarchive's reading of concatenated archives: they end it.
      if ((r == ARCHIVE_RETRY || r < ARCHIVE_WARN) && t.container && !client.failed &&
          (la_->archive_format(a) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_TAR &&
          client.nonzero_end <= entry_end) {
        if (!t.cut) t.cut = cut_short(a, entry_end);
        break;
      }
      if (header_failed(r, a, client, *client.in, format, t.container)) return false;
      if ((la_->archive_format(a) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_RAW) {
        ArchiveDataInput data(a, client, format);
        if (!d_.push_member("") || !pump(data, display_, false, true)) return false;
        continue;
      }
      t.container = true;
      ++t.zip_entries;
      const char* path = la_->archive_entry_pathname(e);
      const std::string name = path ? path : "";
      if (la_->archive_entry_filetype(e) != AE_IFREG || is_link(e)) {  // a directory, a device, a link
        if (!note_link(e, name, t.read_members)) return false;
        entry_end = end_of_entry(a);
        continue;
      }
      if (!is_member_name(d_.members(), name)) {
        if (++t.others <= 3) t.other_names += (t.other_names.empty() ? "" : ", ") + name;
        entry_end = end_of_entry(a);
        continue;
      }
      ++t.found;
      const std::string shown = copy_name(name, t.read_members);
      if (shown != name && !d_.push_note({name, repeated_member_note(shown)})) return false;
      t.read_members.insert(shown);
      if (!read_pgn_member(a, e, shown, client, format, entry_end)) return false;
    }
    t.container = t.container || had_members;
    return true;
  }

  // Passes the zero bytes (padding) at r's position; false when reading failed.
  static bool skip_zero_bytes(Lookahead& r) {
    for (;;) {
      const std::ptrdiff_t n = r.fill(16384);
      if (n < 0) return false;
      const std::size_t data = r.view().substr(0, std::size_t(n)).find_first_not_of('\0');
      r.skip(data == std::string_view::npos ? std::uint64_t(n) : data);
      if (n == 0 || data != std::string_view::npos) return true;
    }
  }

  // Passes the bytes before the next local header or central directory header (what
  // follows a gap of other data); false when reading failed. At the data's end when there
  // is neither.
  static bool skip_to_zip_header(Lookahead& r) {
    for (;;) {
      const std::ptrdiff_t n = r.fill(16384);
      if (n < 0) return false;
      const std::string_view v = r.view().substr(0, std::size_t(n));
      std::size_t at = 0;
      while ((at = v.find("PK", at)) != std::string_view::npos && at + 4 <= v.size() &&
             v.substr(at, 4) != kZipLocalHeader && v.substr(at, 4) != kZipCentralHeader)
        ++at;
      if (at != std::string_view::npos && at + 4 <= v.size()) {
        r.skip(at);
        return true;
      }
      // Neither here: all but the last three bytes, which may start one.
      if (n < 4) return r.skip(std::uint64_t(n)) >= 0;
      r.skip(std::uint64_t(n) - 3);
    }
  }

  // After a zip archive's members in a stream: its central directory, to the end of its end
  // record's comment, then another zip archive (joined with cat: true), or the end. Zero
  // bytes there, before another archive too, are padding (as in a file: zip_layout), and
  // so are the bytes of a gap before the directory or between two members (a writer's
  // alignment, an APK signing block), which a file's directory counts and passes over:
  // the members after such a gap are read as another archive's, and a directory after
  // other data must list every entry read since the last one (else members were lost:
  // corrupt). Other data after the archive, or a directory cut or damaged, is late's
  // problem. False when reading failed (the error is queued) or was stopped.
  bool after_zip(PrefixedInput& in, bool& another, std::optional<std::string>& late, std::uint64_t& entries) {
    Lookahead r(in);
    const auto failed = [&] {
      if (!r.error().empty()) fail(display_, r.error());
      return false;
    };
    if (!skip_zero_bytes(r)) return failed();
    if (r.fill(4) < 0) return failed();
    constexpr const char* kCorrupt =
        "the zip archive is corrupt (other data where its central directory should follow its members)";
    bool gap = false;  // other data before the directory
    if (const std::string_view sig = r.view().substr(0, 4); sig.size() == 4 && !is_zip_record(sig)) {
      if (!skip_to_zip_header(r)) return failed();
      gap = true;
    }
    if (const std::ptrdiff_t got = r.fill(4); got < 0) {
      return failed();
    } else if (gap && got < 4) {  // no directory after it
      late = kCorrupt;
      return true;
    }
    if (r.view().substr(0, 4) == kZipLocalHeader) {  // more members after a gap
      another = true;
      return true;
    }
    std::uint64_t listed = 0;  // the directory's entries
    for (bool end = false; !end;) {
      const std::ptrdiff_t got = r.fill(22);
      if (got < 0) return failed();
      const std::string sig(r.view().substr(0, 4));
      std::uint64_t size = 0;  // 0: the data ends inside the record
      if (sig == kZipCentralHeader) {  // a central directory header
        ++listed;
        if (r.fill(46) < 0) return failed();
        if (r.view().size() >= 46) size = 46 + le(r.view(), 28, 2) + le(r.view(), 30, 2) + le(r.view(), 32, 2);
      } else if (sig == kZip64EndRecord) {  // the zip64 end record, then its locator
        if (got >= 12) size = 12 + le(r.view(), 4, 8);
      } else if (sig == kZip64Locator) {
        size = 20;
      } else if (sig == kZipSignature) {  // a digital signature
        if (got >= 6) size = 6 + le(r.view(), 4, 2);
      } else if (sig == kZipEndRecord) {
        if (got >= 22) size = 22 + le(r.view(), 20, 2);
        end = true;
      } else if (got >= 4) {
        late = kCorrupt;
        return r.skip(~std::uint64_t(0)) >= 0 || failed();
      }
      const std::int64_t passed = size == 0 ? 0 : r.skip(size);
      if (passed < 0) return failed();
      if (size == 0 || std::uint64_t(passed) < size) {
        late = "the zip archive is truncated (its central directory's end record is missing: the data ends before "
               "it)";
        return true;
      }
    }
    if (gap && listed != entries) {
      late = kCorrupt;
      return r.skip(~std::uint64_t(0)) >= 0 || failed();
    }
    entries = 0;
    if (!skip_zero_bytes(r)) return failed();
    const std::ptrdiff_t got = r.fill(4);
    if (got < 0) return failed();
    another = got == 4 && starts_zip_archive(r.view().substr(0, 4));
    if (another) return true;
    for (std::ptrdiff_t n = r.fill(16384); n > 0; n = r.fill(16384)) {
      if (!late && r.view().find_first_not_of('\0') != std::string_view::npos)
        late = kOtherDataAfterZip;
      r.skip(std::uint64_t(n));
    }
    return r.error().empty() || failed();
  }

  // The archives of a stream (or of a file that is no zip), one after the other: tar's
  // joined with cat are libarchive's (read_concatenated_archives), zip's are read here.
  // named_file: a zip file read so (read_zip_file), which its messages must not call a pipe.
  bool read_stream(RawInput& raw, FdInput* seekable, InputFormat format, Tally& t, std::optional<std::string>& late,
                   bool named_file = false) {
    PrefixedInput in("", raw);
    for (;;) {
      Client client(*la_, in, seekable);
      client.named_file = named_file;
      client.keep = seekable == nullptr && format == InputFormat::Zip;  // for what follows its members
      if (format == InputFormat::Zip) client.block = kZipBlock;
      ArchivePtr a = open_archive(client);
      if (!a) {
        fail(display_, "out of memory");
        return false;
      }
      if (!read_members(a.get(), client, format, t)) return false;
      // The archive has ended, at its end marker or at what the reader took for one: the rest
      // of the stream is read too, so that damage a decompressor finds only at its end
      // (gzip's CRC-32 and length, for a .tar.gz) is reported, not lost with the members
      // after it. libarchive's zip reader stops at the central directory.
      const std::optional<std::string> unused = client.unused(a.get());
      if (!t.zip || !unused || t.cut) return !t.container || drain(in);
      in.unread(*unused);
      bool another = false;
      if (!after_zip(in, another, late, t.zip_entries)) return false;
      if (!another) return true;
    }
  }

  // A zip file: each of its archives (joined with cat) on its own, from the first, by its
  // central directory. Laid out otherwise (zip_layout), it is read as a pipe is, from the
  // start: the same games and the same error however it is given.
  bool read_zip_file(RawInput& in, FdInput& file, Tally& t, std::optional<std::string>& late) {
    bool followed = false;
    const auto parts = zip_layout(file, followed);
    if (parts.empty()) return read_stream(in, nullptr, InputFormat::Zip, t, late, true);
    for (const auto& [begin, end] : parts) {
      file.set_window(begin, end);
      if (!read_stream(in, &file, InputFormat::Zip, t, late)) return false;
    }
    if (followed && !late) late = kOtherDataAfterZip;
    return true;
  }

  void run_archive(RawInput& in, FdInput* seekable, InputFormat format) {
    if (!load_libarchive()) return;
    Tally t;
    std::optional<std::string> late;  // data around a zip archive, not read: said after the games
    if (!(seekable && format == InputFormat::Zip ? read_zip_file(in, *seekable, t, late)
                                                 : read_stream(in, seekable, format, t, late)))
      return;
    // The damage or the data after the archive, said after "holds no .pgn file" too: an
    // empty archive followed by other data was called empty only.
    const std::optional<std::string> problem = t.cut ? t.cut : late;
    const std::string and_problem = problem ? "; " + *problem : "";
    if (t.container && t.found == 0) {
      const std::string held =
          t.others == 0 ? ""
                        : " (it holds " + t.other_names +
                              (t.others > 3 ? ", and " + std::to_string(t.others - 3) + " more" : "") + ")";
      // A damaged archive may have lost its .pgn members: the damage first, and what was read.
      const std::string kind = member_kind_names(d_.members());
      if (problem && *problem != kOtherDataAfterZip) {
        d_.push_error("cannot read " + display_ + ": " + *problem + "; no " + kind + " member was read before it" + held);
        return;
      }
      d_.push_error("cannot read " + display_ + ": the " + (t.zip ? "zip" : "tar") + " archive holds no " + kind + " file" +
                    held + and_problem);
      return;
    }
    if (!t.container && format == InputFormat::Zip) {
      d_.push_error("cannot read " + display_ + ": the zip archive holds no " + std::string(member_kind_names(d_.members())) +
                    " file (it is empty)" + and_problem);
      return;
    }
    if (problem) {
      d_.push_error("cannot read " + display_ + ": " + *problem);
      return;
    }
    d_.push_end();
  }

  Decoder& d_;
  std::string display_;
  const LibArchive* la_ = nullptr;  // set by run_archive
};

}  // namespace

Decoder::Decoder(int fd, std::string prefix, bool seekable, InputFormat format, std::string display, MemberKind members)
    : fd_(fd), prefix_(std::move(prefix)), seekable_(seekable), format_(format), display_(std::move(display)),
      members_(members) {
  if (::pipe2(wake_, O_CLOEXEC) != 0) wake_[0] = wake_[1] = -1;
  thread_ = std::thread([this] { run(); });
}

Decoder::~Decoder() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (wake_[1] >= 0) {
    const char c = 0;
    (void)!::write(wake_[1], &c, 1);
  }
  thread_.join();
  for (int fd : {wake_[0], wake_[1], fd_})
    if (fd >= 0) ::close(fd);
}

void Decoder::run() {
  // libarchive converts member names to the thread's character set, and in the C locale
  // a name beyond ASCII that a zip marks as UTF-8 (Windows and 7-Zip do) has none: the
  // member was skipped without a word. This thread alone reads them in C.UTF-8 (built
  // into glibc); a name stored as bytes (tar, old zips) stays as it is.
  static const locale_t utf8 = ::newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  if (utf8 != static_cast<locale_t>(nullptr)) ::uselocale(utf8);
  try {
    Producer(*this, display_).run(fd_, prefix_, seekable_, format_);
  } catch (const std::exception& e) {
    push_error("error reading " + display_ + ": " + e.what());
  }
}

Decoder::Buffer Decoder::get_buffer() {
  Buffer b;
  {
    std::lock_guard lock(mu_);
    if (!free_.empty()) {
      b.data = std::move(free_.back());
      free_.pop_back();
    }
  }
  if (!b.data) b.data = std::make_unique_for_overwrite<char[]>(kChunk);
  return b;
}

bool Decoder::push(Item&& item) {
  std::unique_lock lock(mu_);
  if (item.kind == Kind::Data) cv_.wait(lock, [&] { return buffers_out_ < kQueueBuffers || stop_; });
  if (stop_) return false;
  if (item.kind == Kind::Data) ++buffers_out_;
  queue_.push_back(std::move(item));
  lock.unlock();
  cv_.notify_all();
  return true;
}

bool Decoder::push_data(Buffer&& b) { return push(Item{Kind::Data, std::move(b), {}, {}}); }
bool Decoder::push_member(std::string name) { return push(Item{Kind::Member, {}, std::move(name), {}}); }
bool Decoder::push_note(InputNote note) {
  return push(Item{Kind::Note, {}, std::move(note.message), std::move(note.member)});
}
void Decoder::push_error(std::string message) { push(Item{Kind::Error, {}, std::move(message), {}}); }
void Decoder::push_end() { push(Item{Kind::End, {}, {}, {}}); }

bool Decoder::stopped() {
  std::lock_guard lock(mu_);
  return stop_;
}

Decoder::Item Decoder::pop() {
  std::unique_lock lock(mu_);
  cv_.wait(lock, [&] { return !queue_.empty(); });
  Item item = std::move(queue_.front());
  queue_.pop_front();
  if (item.kind == Kind::Data) --buffers_out_;
  lock.unlock();
  cv_.notify_all();
  return item;
}

bool Decoder::next_member(std::string& name, std::optional<std::string>& error) {
  // What is left of the current member is dropped, buffer by buffer.
  recycle(std::move(current_));
  current_ = Buffer();
  current_pos_ = 0;
  started_ = true;
  while (!pending_member_ && !finished_) {
    Item item = pop();
    if (item.kind == Kind::Member) {
      pending_member_ = std::move(item.text);
    } else if (item.kind == Kind::Note) {
      notes_.push_back(InputNote{std::move(item.member), std::move(item.text)});
    } else if (item.kind == Kind::Error) {
      error = std::move(item.text);
      finished_ = true;
    } else if (item.kind == Kind::End) {
      finished_ = true;
    } else {
      recycle(std::move(item.buffer));
    }
  }
  if (!pending_member_) return false;
  name = std::move(*pending_member_);
  pending_member_.reset();
  return true;
}

void Decoder::recycle(Buffer&& b) {
  if (!b.data) return;
  std::lock_guard lock(mu_);
  free_.push_back(std::move(b.data));
}

std::size_t Decoder::read(char* dst, std::size_t n, std::optional<std::string>& error) {
  for (;;) {
    if (current_.data && current_pos_ < current_.size) {
      const std::size_t k = std::min(n, current_.size - current_pos_);
      std::memcpy(dst, current_.data.get() + current_pos_, k);
      current_pos_ += k;
      return k;
    }
    if (current_.data) {
      recycle(std::move(current_));
      current_ = Buffer();
    }
    if (finished_ || pending_member_ || !started_) return 0;
    Item item = pop();
    switch (item.kind) {
      case Kind::Data:
        current_ = std::move(item.buffer);
        current_pos_ = 0;
        break;
      case Kind::Member:
        pending_member_ = std::move(item.text);
        return 0;
      case Kind::Note:  // between members: the current one's data has ended
        notes_.push_back(InputNote{std::move(item.member), std::move(item.text)});
        break;
      case Kind::Error:
        error = std::move(item.text);
        finished_ = true;
        return 0;
      case Kind::End:
        finished_ = true;
        return 0;
    }
  }
}

}  // namespace detail
}  // namespace chesstool::io
