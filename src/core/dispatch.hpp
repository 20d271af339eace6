// SPDX-License-Identifier: MIT
// Run-time choice of instruction-set paths for the hot core (perft: move generation,
// make-move and slider lookups).
//
// Why: the default build and the .deb must run on every x86-64 CPU, so everything is
// compiled for baseline x86-64, which has no POPCNT (std::popcount becomes a libgcc
// call) and no BMI2. The perft kernel (perft_kernel.cpp) is therefore compiled several
// times, once per path below, each copy in a namespace of its own, and the best path
// this CPU can run is picked once, at first use. Measured on perft (README, "Portable
// build and run-time dispatch"), only these pay: POPCNT (bulk counting), BMI1/BMI2
// (TZCNT, BLSR, SHLX) and PEXT slider lookups; AVX2 does not (nothing in perft is
// vector work) and LZCNT has no use in the hot code. PEXT is microcoded and slow on AMD
// before Zen 3 (families 15h-18h), and on Zen 5 (1Ah) the magic multiplications measured
// faster than PEXT (perft startpos 6: 6%), so there the BMI2 path keeps the magic
// multiplications.
//
// Byte scanning is a choice of its own, beside the path: the game splitter's skip over
// movetext (pgn/byte_scan.hpp) compares 64-byte blocks with AVX2 where the CPU has it
// (32 bytes a compare, no copies of the operands: 2.6% fewer instructions in validate than
// with SSE2), and with SSE2, which every x86-64 has, elsewhere.
//
// Code built for one path lives in a namespace named isa_<path>; tests/isa/
// check-baseline.sh fails the build's tests if any other function needs more than
// baseline x86-64.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace chesstool {

// Ordered: each path needs what the one before it needs, and more.
enum class IsaPath {
  Baseline,  // x86-64 (SSE2)
  Popcnt,    // + POPCNT
  Bmi2,      // + BMI1, BMI2, LZCNT; magic slider lookups (AMD Zen 1, 2 and 5)
  Pext,      // the same instructions, PEXT slider lookups
};
inline constexpr IsaPath kAllIsaPaths[] = {IsaPath::Baseline, IsaPath::Popcnt, IsaPath::Bmi2, IsaPath::Pext};

// What the CPU offers, from CPUID.
struct CpuFeatures {
  bool popcnt = false;
  bool bmi2 = false;       // BMI1, BMI2 and LZCNT together
  bool magic_lookups = false;  // magic multiplications beat PEXT here (magic_beats_pext)
  bool avx2 = false;
};
CpuFeatures detect_cpu();
// From CPUID's vendor and family: AMD or Hygon families 15h-18h, where PEXT is microcoded
// (tens to hundreds of cycles), and 1Ah (Zen 5), where the magic lookups measured faster
// (README, "Portable build and run-time dispatch"). Intel, AMD 19h (Zen 3 and 4, not
// measured) and emulators that report an old family (QEMU's "max" says AMD 0Fh): PEXT.
bool magic_beats_pext(bool amd_or_hygon, unsigned family);

// The best path for a CPU with these features.
IsaPath best_isa_path(const CpuFeatures& cpu);
// Whether this CPU can run the path at all (a slow PEXT still runs).
bool isa_path_supported(IsaPath path);

// What is in use: the path and whether byte scanning takes AVX2.
struct DispatchChoice {
  IsaPath path = IsaPath::Baseline;
  bool avx2_scan = false;
};

// The path in use: best_isa_path(detect_cpu()), or the one the environment variable
// CHESSTOOL_DISPATCH names (see parse_dispatch) if this CPU can run it. Chosen once, on
// first call; thread-safe.
IsaPath dispatch_path();
// Whether byte scanning takes AVX2: where the CPU has it, unless CHESSTOOL_DISPATCH is set
// and leaves out the word "avx2". Chosen once, on first call; thread-safe.
bool avx2_byte_scan();

// "baseline", "popcnt", "popcnt bmi2", "popcnt bmi2 pext": the path's part of what
// --version prints.
std::string isa_path_name(IsaPath path);
// "popcnt bmi2 pext avx2": what --version prints after "dispatch: " (the path's name, then
// "avx2" when byte scanning takes it).
std::string dispatch_name(const DispatchChoice& choice);
std::string dispatch_name();
// The word CHESSTOOL_DISPATCH uses for a path: the last word of the name ("pext", "bmi2", ...).
std::optional<IsaPath> parse_isa_path(std::string_view word);
// What CHESSTOOL_DISPATCH asks for: a path (none named: the automatic one stands) and
// whether byte scanning takes AVX2.
struct DispatchRequest {
  std::optional<IsaPath> path;
  bool avx2_scan = false;
};
// CHESSTOOL_DISPATCH's value: words separated by blanks, path words (the last one counts)
// and "avx2", so that what --version prints after "dispatch: " is read back as the same
// choice ("popcnt bmi2 pext avx2"; "pext" alone is PEXT without AVX2 scanning; "avx2"
// alone is the automatic path with it: --version always names a path, "baseline" too).
// nullopt when a word is none of these.
std::optional<DispatchRequest> parse_dispatch(std::string_view words);

}  // namespace chesstool
