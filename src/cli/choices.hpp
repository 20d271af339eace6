// SPDX-License-Identifier: MIT
// Option choices that come from a table below the CLI, so the parser, --help, the bash
// completion and the man-page test all follow the table.
#pragma once

#include <string>
#include <vector>

#include "io/compressor.hpp"
#include "output/annotation_texts.hpp"

namespace chesstool::cli {

// The --lang codes, from the annotation texts' table of languages.
inline std::vector<std::string> lang_codes() {
  std::vector<std::string> codes;
  for (std::size_t i = 0; i < output::kLangCount; ++i) codes.emplace_back(output::lang_code(output::Lang(i)));
  return codes;
}

// The --compress choices, from the table of output compressions.
inline std::vector<std::string> compression_choices() {
  std::vector<std::string> names;
  for (const auto& c : io::kCompressions) names.emplace_back(c.name);
  return names;
}

}  // namespace chesstool::cli
