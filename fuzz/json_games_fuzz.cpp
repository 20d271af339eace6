// SPDX-License-Identifier: MIT
// libFuzzer entry point for the JSON game records (convert --from json); the properties live in tests/support/fuzz_checks.hpp.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "support/fuzz_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string failure =
      chesstool::fuzz::check_json_games_input(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!failure.empty()) {
    // Abort rather than return: libFuzzer then saves the input as a crash artifact.
    std::fprintf(stderr, "PROPERTY FAILED (json_games_fuzz): %s\n", failure.c_str());
    std::abort();
  }
  return 0;
}
