// SPDX-License-Identifier: MIT
// Locations of the project's test data and of the shared corpus (which may be absent).
#pragma once

#include <filesystem>
#include <string>

namespace chesstool::testing {

// Appended in steps: GCC 12 inlines `std::string(dir) + "/" + rel` into some callers and
// then warns (-Warray-bounds) about a copy it has proved unreachable.
inline std::string joined_path(const char* dir, const std::string& rel) {
  std::string path = dir;
  path += '/';
  path += rel;
  return path;
}
inline std::string testdata_path(const std::string& rel) { return joined_path(CHESSTOOL_TESTDATA_DIR, rel); }
inline std::string corpus_path(const std::string& rel) { return joined_path(CHESSTOOL_CORPUS_DIR, rel); }
inline bool corpus_available() { return std::filesystem::is_directory(CHESSTOOL_CORPUS_DIR); }

}  // namespace chesstool::testing
