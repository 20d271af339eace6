// SPDX-License-Identifier: MIT
// CPU detection and the choice of path (see dispatch.hpp for why).
#include "core/dispatch.hpp"

#include <algorithm>
#include <cstdlib>

#if defined(__x86_64__)
#include <cpuid.h>

#include <cstring>
#endif

namespace chesstool {

CpuFeatures detect_cpu() {
  CpuFeatures cpu;
#if defined(__x86_64__)
  __builtin_cpu_init();
  cpu.popcnt = __builtin_cpu_supports("popcnt");
  cpu.bmi2 = __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
  cpu.avx2 = __builtin_cpu_supports("avx2");
  // Vendor and family from CPUID leaves 0 and 1, for magic_beats_pext.
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(0, &eax, &ebx, &ecx, &edx)) {
    char vendor[13] = {};
    std::memcpy(vendor, &ebx, 4);
    std::memcpy(vendor + 4, &edx, 4);
    std::memcpy(vendor + 8, &ecx, 4);
    const bool amd = std::strcmp(vendor, "AuthenticAMD") == 0 || std::strcmp(vendor, "HygonGenuine") == 0;
    if (amd && __get_cpuid(1, &eax, &ebx, &ecx, &edx)) {
      unsigned family = (eax >> 8) & 0xF;
      if (family == 0xF) family += (eax >> 20) & 0xFF;
      cpu.magic_lookups = magic_beats_pext(true, family);
    }
  }
#endif
  return cpu;
}

bool magic_beats_pext(bool amd_or_hygon, unsigned family) {
  // AMD Excavator (15h) and Zen 1/2 (17h, and Hygon's Zen 1, 18h) run PEXT in microcode;
  // Zen 5 (1Ah) runs it in 3 cycles, but perft measured 6% (startpos 6) and 1.5%
  // (Kiwipete 5) faster with the magic lookups, on the project's Zen 5 VMs (2026-12-04).
  return amd_or_hygon && ((family >= 0x15 && family <= 0x18) || family == 0x1A);
}

IsaPath best_isa_path(const CpuFeatures& cpu) {
  if (cpu.popcnt && cpu.bmi2) return cpu.magic_lookups ? IsaPath::Bmi2 : IsaPath::Pext;
  return cpu.popcnt ? IsaPath::Popcnt : IsaPath::Baseline;
}

bool isa_path_supported(IsaPath path) {
  CpuFeatures cpu = detect_cpu();
  cpu.magic_lookups = false;
  return path <= best_isa_path(cpu);
}

std::optional<IsaPath> parse_isa_path(std::string_view word) {
  if (word == "baseline") return IsaPath::Baseline;
  if (word == "popcnt") return IsaPath::Popcnt;
  if (word == "bmi2") return IsaPath::Bmi2;
  if (word == "pext") return IsaPath::Pext;
  return std::nullopt;
}

std::optional<DispatchRequest> parse_dispatch(std::string_view words) {
  // No word at all (an empty or blank value, as "export CHESSTOOL_DISPATCH=" leaves) is
  // no choice: it would otherwise be the slowest path.
  if (words.find_first_not_of(' ') == std::string_view::npos) return std::nullopt;
  DispatchRequest choice;
  std::size_t at = 0;
  while (at < words.size()) {
    if (words[at] == ' ') {
      ++at;
      continue;
    }
    const std::size_t end = std::min(words.find(' ', at), words.size());
    const std::string_view word = words.substr(at, end - at);
    if (word == "avx2") {
      choice.avx2_scan = true;
    } else if (const std::optional<IsaPath> path = parse_isa_path(word)) {
      choice.path = *path;
    } else {
      return std::nullopt;
    }
    at = end;
  }
  return choice;
}

namespace {

// CHESSTOOL_DISPATCH picks other paths (to compare them, or to work around a CPU that
// misreports), but never one that needs instructions the CPU lacks.
DispatchChoice chosen_dispatch() {
  static const DispatchChoice chosen = [] {
    const CpuFeatures cpu = detect_cpu();
    DispatchChoice best{best_isa_path(cpu), cpu.avx2};
    if (const char* env = std::getenv("CHESSTOOL_DISPATCH")) {
      if (const std::optional<DispatchRequest> wanted = parse_dispatch(env)) {
        const IsaPath path = wanted->path.value_or(best.path);
        if (isa_path_supported(path)) return DispatchChoice{path, wanted->avx2_scan && cpu.avx2};
      }
    }
    return best;
  }();
  return chosen;
}

}  // namespace

IsaPath dispatch_path() { return chosen_dispatch().path; }

bool avx2_byte_scan() { return chosen_dispatch().avx2_scan; }

std::string isa_path_name(IsaPath path) {
  switch (path) {
    case IsaPath::Baseline: return "baseline";
    case IsaPath::Popcnt: return "popcnt";
    case IsaPath::Bmi2: return "popcnt bmi2";
    case IsaPath::Pext: return "popcnt bmi2 pext";
  }
  return "baseline";
}

std::string dispatch_name(const DispatchChoice& choice) {
  return isa_path_name(choice.path) + (choice.avx2_scan ? " avx2" : "");
}

std::string dispatch_name() { return dispatch_name(chosen_dispatch()); }

}  // namespace chesstool
