// SPDX-License-Identifier: MIT
// Compressor through libarchive (loaded on first use: libarchive_api): the raw format
// (one unnamed stream) with one filter.
#include "io/compressor.hpp"

#include <utility>

#include "io/libarchive_api.hpp"

namespace chesstool::io {

namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool ends_with_nocase(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i)
    if (lower(s[s.size() - suffix.size() + i]) != suffix[i]) return false;
  return true;
}

}  // namespace

std::optional<Compression> compression_for_name(std::string_view name) {
  for (const auto& c : kCompressions)
    if (ends_with_nocase(name, c.suffix)) return c.compression;
  return std::nullopt;
}

std::optional<Compression> compression_from_word(std::string_view w) {
  for (const auto& c : kCompressions)
    if (w == c.name || w == c.suffix.substr(1)) return c.compression;
  return std::nullopt;
}

std::string_view compression_name(Compression c) {
  for (const auto& i : kCompressions)
    if (i.compression == c) return i.name;
  return "gzip";
}

struct Compressor::State {
  const LibArchive* la = nullptr;
  archive* a = nullptr;
  bool open = false;
};

struct CompressorAccess {
  static la_ssize_t write(archive*, void* data, const void* buf, size_t n) {
    auto* c = static_cast<Compressor*>(data);
    if (c->abandoned_) return la_ssize_t(n);
    return c->sink_(static_cast<const char*>(buf), n) ? la_ssize_t(n) : -1;
  }
};

Compressor::Compressor(Compression c, Sink sink) : state_(std::make_unique<State>()), sink_(std::move(sink)) {
  std::string unavailable;
  const LibArchive* la = state_->la = libarchive(&unavailable);
  if (!la) {
    error_ = std::string("cannot compress with ").append(compression_name(c)).append(": ").append(unavailable);
    return;
  }
  archive* a = la->archive_write_new();
  state_->a = a;
  if (!a) {
    error_ = "out of memory";
    return;
  }
  int r = ARCHIVE_OK;
  switch (c) {
    case Compression::Gzip:
      r = la->archive_write_add_filter_gzip(a);
      // No time stamp in the header: the same games give the same bytes.
      if (r == ARCHIVE_OK) la->archive_write_set_filter_option(a, "gzip", "timestamp", nullptr);
      break;
    case Compression::Zstd: r = la->archive_write_add_filter_zstd(a); break;
    case Compression::Bzip2: r = la->archive_write_add_filter_bzip2(a); break;
    case Compression::Xz: r = la->archive_write_add_filter_xz(a); break;
  }
  // Unblocked: the stream ends where the data does, without padding to 10 KiB.
  if (r == ARCHIVE_OK) r = la->archive_write_set_bytes_per_block(a, 0);
  if (r == ARCHIVE_OK) r = la->archive_write_set_format_raw(a);
  if (r == ARCHIVE_OK) r = la->archive_write_open(a, this, nullptr, CompressorAccess::write, nullptr);
  archive_entry* e = r == ARCHIVE_OK ? la->archive_entry_new() : nullptr;
  if (e) {
    la->archive_entry_set_pathname(e, "data");
    la->archive_entry_set_filetype(e, AE_IFREG);
    r = la->archive_write_header(a, e);
    la->archive_entry_free(e);
  }
  if (r != ARCHIVE_OK || !e) {
    const char* m = la->archive_error_string(a);
    error_ = std::string("cannot compress with ").append(compression_name(c)).append(": ").append(m ? m : "out of memory");
    return;
  }
  state_->open = true;
}

Compressor::~Compressor() {
  abandoned_ = abandoned_ || !finished_;  // an unfinished stream reaches nobody
  if (state_->a) state_->la->archive_write_free(state_->a);
}

bool Compressor::write(std::string_view data) {
  if (!error_.empty() || !state_->open) return false;
  while (!data.empty()) {
    const la_ssize_t n = state_->la->archive_write_data(state_->a, data.data(), data.size());
    if (n <= 0) {
      const char* m = state_->la->archive_error_string(state_->a);
      error_ = m ? m : "compression failed";
      return false;
    }
    data.remove_prefix(std::size_t(n));
  }
  return true;
}

bool Compressor::finish() {
  if (finished_) return error_.empty();
  finished_ = true;
  if (!error_.empty() || !state_->open) return false;
  state_->open = false;
  if (state_->la->archive_write_close(state_->a) != ARCHIVE_OK) {
    const char* m = state_->la->archive_error_string(state_->a);
    error_ = m ? m : "compression failed";
    return false;
  }
  return true;
}

}  // namespace chesstool::io
