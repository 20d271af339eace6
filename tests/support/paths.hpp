// SPDX-License-Identifier: MIT
// Locations of the project's test data and of the shared corpus (which may be absent).
#pragma once

#include <filesystem>
#include <string>

namespace chesstool::testing {

inline std::string testdata_path(const std::string& rel) { return std::string(CHESSTOOL_TESTDATA_DIR) + "/" + rel; }
inline std::string corpus_path(const std::string& rel) { return std::string(CHESSTOOL_CORPUS_DIR) + "/" + rel; }
inline bool corpus_available() { return std::filesystem::is_directory(CHESSTOOL_CORPUS_DIR); }

}  // namespace chesstool::testing
