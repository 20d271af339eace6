#!/usr/bin/env bash
# Every function of BINARY outside the per-path code runs on baseline x86-64: none holds
# an instruction of a later extension (SSE3 to SSE4.2, POPCNT, LZCNT, BMI1/2, MOVBE, ADX,
# anything VEX or EVEX encoded). Code built for one path of the run-time dispatch lives
# in a namespace named isa_<path> (src/core/dispatch.hpp) and may use that path's
# instructions; this test catches any of it that reaches shared code, such as an inline
# function the linker took from a kernel's object, which would die of SIGILL on an old
# CPU. TZCNT is not checked: GCC emits its encoding (rep bsf) in baseline code too.
# Usage: check-baseline.sh BINARY   (exit 1 and a list when something leaks)
set -euo pipefail
bin=$1
command -v objdump >/dev/null || { echo "objdump not found (binutils)"; exit 2; }
objdump -d --no-show-raw-insn -C "$bin" | awk '
  /^[0-9a-f]+ <.*>:$/ { fn = substr($0, index($0, "<") + 1); sub(/>:$/, "", fn); next }
  NF >= 2 && $1 ~ /^[0-9a-f]+:$/ {
    op = $2
    if (op ~ /^(rep|repz|repnz|lock|notrack|bnd|data16|cs|ds|es|ss|fs|gs)$/) op = $3
    if (op ~ /^(popcnt|lzcnt|andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx|movbe|adcx|adox|crc32|pshufb|palignr|phadd.*|phsub.*|pmaddubsw|pmulhrsw|psign[bwd]|pabs[bwd]|pblendvb|pblendw|blendv?p[sd]|ptest|pcmpgtq|pcmpeqq|pcmp[ei]str[im]|pmulld|pmuldq|pextr[bdq]|pinsr[bdq]|pmov[sz]x..|pmin(sb|sd|uw|ud)|pmax(sb|sd|uw|ud)|packusdw|round[ps][sd]|dpp[sd]|insertps|extractps|movntdqa|mpsadbw|phminposuw|haddp[sd]|hsubp[sd]|addsubp[sd]|movddup|movs[hl]dup|lddqu|v[a-z0-9]+)$/ &&
        fn !~ /(^|::)isa_[a-z0-9_]+::/) {
      if (!(fn in seen)) { seen[fn] = op; order[++n] = fn }
    }
    # What each path uses, to show that its flags took effect.
    if (match(fn, /isa_[a-z0-9_]+::/) && op ~ /^(popcnt|pext|shlx|shrx|sarx|blsr|andn)$/)
      used[substr(fn, RSTART, RLENGTH - 2) " " op] = 1
  }
  END {
    for (i = 1; i <= n; i++) printf "%s: %s\n", order[i], seen[order[i]]
    if (n) { printf "%d function(s) outside the isa_* namespaces use instructions beyond baseline x86-64\n", n; exit 1 }
    # The kernels exist and were compiled with their flags (absent on other CPUs than x86-64).
    if ((("isa_popcnt popcnt" in used) != 1 || ("isa_pext pext" in used) != 1 || ("isa_bmi2 shlx" in used) != 1) &&
        has_kernels) { print "the isa_popcnt, isa_bmi2 and isa_pext kernels do not use their instructions"; exit 1 }
  }' has_kernels="$(objdump -t "$bin" | grep -c isa_pext || true)"
echo "baseline x86-64 outside the isa_* paths: $bin"
