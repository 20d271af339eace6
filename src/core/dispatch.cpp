// SPDX-License-Identifier: MIT
// CPU detection and the choice of path (see dispatch.hpp for why).
#include "core/dispatch.hpp"

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
  // Vendor and family from CPUID leaves 0 and 1. AMD Excavator (15h) and Zen 1/2 (17h,
  // and Hygon's Zen 1, 18h) run PEXT in microcode, tens to hundreds of cycles; other
  // families with BMI2 (Intel, AMD 19h and later) in 3. Emulators that report an old
  // family (QEMU's "max" CPU says AMD family 0Fh) get the fast lookups.
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
      cpu.slow_pext = family >= 0x15 && family <= 0x18;
    }
  }
#endif
  return cpu;
}

IsaPath best_isa_path(const CpuFeatures& cpu) {
  if (cpu.popcnt && cpu.bmi2) return cpu.slow_pext ? IsaPath::Bmi2 : IsaPath::Pext;
  return cpu.popcnt ? IsaPath::Popcnt : IsaPath::Baseline;
}

bool isa_path_supported(IsaPath path) {
  CpuFeatures cpu = detect_cpu();
  cpu.slow_pext = false;
  return path <= best_isa_path(cpu);
}

std::optional<IsaPath> parse_isa_path(std::string_view word) {
  if (word == "baseline") return IsaPath::Baseline;
  if (word == "popcnt") return IsaPath::Popcnt;
  if (word == "bmi2") return IsaPath::Bmi2;
  if (word == "pext") return IsaPath::Pext;
  return std::nullopt;
}

IsaPath dispatch_path() {
  static const IsaPath chosen = [] {
    IsaPath best = best_isa_path(detect_cpu());
    // CHESSTOOL_DISPATCH picks another path (to compare them, or to work around a CPU
    // that misreports), but never one that needs instructions the CPU lacks.
    if (const char* env = std::getenv("CHESSTOOL_DISPATCH")) {
      std::optional<IsaPath> wanted = parse_isa_path(env);
      if (wanted && isa_path_supported(*wanted)) return *wanted;
    }
    return best;
  }();
  return chosen;
}

std::string isa_path_name(IsaPath path) {
  switch (path) {
    case IsaPath::Baseline: return "baseline";
    case IsaPath::Popcnt: return "popcnt";
    case IsaPath::Bmi2: return "popcnt bmi2";
    case IsaPath::Pext: return "popcnt bmi2 pext";
  }
  return "baseline";
}

std::string dispatch_name() { return isa_path_name(dispatch_path()); }

}  // namespace chesstool
