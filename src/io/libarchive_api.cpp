// SPDX-License-Identifier: MIT
// Loading libarchive: dlopen once, every function of the list resolved, or why not.
#include "io/libarchive_api.hpp"

#include <dlfcn.h>

#include <string>

namespace chesstool::io {

namespace {

struct Loaded {
  LibArchive api;
  std::string error;  // empty when every function was found
};

// dlerror's text names the file ("libarchive.so.13: cannot open shared object file: ...",
// ".../libarchive.so.13: undefined symbol: archive_read_open1").
std::string unavailable() {
  const char* why = ::dlerror();
  return std::string("libarchive is not available (") + (why ? why : kLibArchiveSoname) + ")";
}

Loaded load() {
  Loaded l;
  // RTLD_LOCAL: its symbols stay out of the global scope, where the stream decoders'
  // libraries are already (libarchive links the same zstd, lzma and bz2).
  void* handle = ::dlopen(kLibArchiveSoname, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    l.error = unavailable();
    return l;
  }
#define CHESSTOOL_LIBARCHIVE_RESOLVE(name)                                 \
  if (l.error.empty()) {                                                   \
    (void)::dlerror();                                                     \
    l.api.name = reinterpret_cast<decltype(&::name)>(::dlsym(handle, #name)); \
    if (!l.api.name) l.error = unavailable();                              \
  }
  CHESSTOOL_LIBARCHIVE_FUNCTIONS(CHESSTOOL_LIBARCHIVE_RESOLVE)
#undef CHESSTOOL_LIBARCHIVE_RESOLVE
  // An incomplete library is not used, nor kept: every call would have to check.
  if (!l.error.empty()) ::dlclose(handle);
  return l;
}

}  // namespace

const LibArchive* libarchive(std::string* error) {
  static const Loaded loaded = load();
  if (!loaded.error.empty()) {
    if (error) *error = loaded.error;
    return nullptr;
  }
  return &loaded.api;
}

bool libarchive_in_process() {
  void* handle = ::dlopen(kLibArchiveSoname, RTLD_LAZY | RTLD_NOLOAD);
  if (handle) ::dlclose(handle);  // drops the reference RTLD_NOLOAD took
  return handle != nullptr;
}

}  // namespace chesstool::io
