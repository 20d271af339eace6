// SPDX-License-Identifier: MIT
// libarchive, loaded on first use (dlopen) instead of at start-up: the library and the
// dozen it needs (libxml2, ICU, nettle, acl, lz4, ...) made every command, `fen` and
// `--version` included, start about 1.5 ms slower, though only zip and tar inputs and
// compressed outputs use it. Its header still gives the types, constants and signatures.
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <string>

namespace chesstool::io {

// The one list of the libarchive functions chesstool calls (archive_reader, compressor).
#define CHESSTOOL_LIBARCHIVE_FUNCTIONS(X) \
  X(archive_entry_filetype)               \
  X(archive_entry_free)                   \
  X(archive_entry_hardlink)               \
  X(archive_entry_is_encrypted)           \
  X(archive_entry_new)                    \
  X(archive_entry_pathname)               \
  X(archive_entry_set_filetype)           \
  X(archive_entry_set_pathname)           \
  X(archive_entry_size)                   \
  X(archive_entry_size_is_set)            \
  X(archive_entry_symlink)                \
  X(archive_error_string)                 \
  X(archive_filter_bytes)                 \
  X(archive_format)                       \
  X(archive_read_data_block)              \
  X(archive_read_data_skip)               \
  X(archive_read_free)                    \
  X(archive_read_new)                     \
  X(archive_read_next_header)             \
  X(archive_read_open1)                   \
  X(archive_read_set_callback_data)       \
  X(archive_read_set_format_option)       \
  X(archive_read_set_read_callback)       \
  X(archive_read_set_seek_callback)       \
  X(archive_read_set_skip_callback)       \
  X(archive_read_support_format_raw)      \
  X(archive_read_support_format_tar)      \
  X(archive_read_support_format_zip)      \
  X(archive_set_error)                    \
  X(archive_write_add_filter_bzip2)       \
  X(archive_write_add_filter_gzip)        \
  X(archive_write_add_filter_xz)          \
  X(archive_write_add_filter_zstd)        \
  X(archive_write_close)                  \
  X(archive_write_data)                   \
  X(archive_write_free)                   \
  X(archive_write_header)                 \
  X(archive_write_new)                    \
  X(archive_write_open)                   \
  X(archive_write_set_bytes_per_block)    \
  X(archive_write_set_filter_option)      \
  X(archive_write_set_format_raw)

// The functions, named and typed as archive.h declares them: la.archive_read_new().
struct LibArchive {
#define CHESSTOOL_LIBARCHIVE_POINTER(name) decltype(&::name) name = nullptr;
  CHESSTOOL_LIBARCHIVE_FUNCTIONS(CHESSTOOL_LIBARCHIVE_POINTER)
#undef CHESSTOOL_LIBARCHIVE_POINTER
};

// The library the package depends on (libarchive13): the ABI archive.h describes.
inline constexpr const char* kLibArchiveSoname = "libarchive.so.13";

// libarchive, loaded on the first call (once, thread-safe). nullptr when it or one of its
// functions cannot be loaded; *error then says why, as a clause for "cannot read x.zip: ..."
// ("libarchive is not available (libarchive.so.13: cannot open shared object file: ...)").
const LibArchive* libarchive(std::string* error = nullptr);

// Whether libarchive is in the process now (by whatever means), for the tests.
bool libarchive_in_process();

}  // namespace chesstool::io
