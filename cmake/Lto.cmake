# Link-time optimisation of the chesstool executable (GCC Release builds, on by default;
# -DCHESSTOOL_LTO=OFF skips it). Each layer is a static library of its own, so without it
# nothing crosses a layer's boundary: the replayer's call of the SAN fast path (pgn into
# core), make-move and the parser's calls into the replayer stay real calls. With it GCC
# inlines across them and, with the profiles of the profile-guided build, turns the hot
# indirect calls into direct ones: validate executes about 4% fewer instructions.
#
# The libraries are compiled to fat objects (LTO bytecode and ordinary machine code), so
# only the executable pays for the link-time compile: unit_tests, the fuzz targets and the
# ECO table generator link the machine code as before (-fno-lto), which keeps the test
# suite's build time where it was.
include_guard(GLOBAL)

# On by default where the profile-guided build is: GCC Release builds without sanitizers
# or fuzzing (Pgo.cmake's pgo_default).
include(${CMAKE_CURRENT_LIST_DIR}/Pgo.cmake)
option(CHESSTOOL_LTO "Link-time optimisation of the chesstool executable (GCC; on by default for Release)" ${pgo_default})
if(CHESSTOOL_LTO AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "CHESSTOOL_LTO needs GCC")
endif()

# A layer library: fat objects, usable by an LTO link and by an ordinary one.
function(chesstool_lto_library target)
  if(CHESSTOOL_LTO)
    target_compile_options(${target} PRIVATE -flto=auto -ffat-lto-objects)
  endif()
endfunction()

# The executable: compiled and linked with link-time optimisation. GCC 12 warns at the link
# of std::string concatenations inlined across files (a memcpy "bound between 2^63 + 1 and
# 2^64 - 1", which no path reaches); each file was already compiled with that warning on,
# so the link stage alone leaves it out.
function(chesstool_lto_executable target)
  if(CHESSTOOL_LTO)
    target_compile_options(${target} PRIVATE -flto=auto)
    target_link_options(${target} PRIVATE -flto=auto -Wno-stringop-overflow)
  endif()
endfunction()

# Any other program linking the layers: the fat objects' machine code, no link-time compile.
function(chesstool_no_lto target)
  if(CHESSTOOL_LTO)
    target_link_options(${target} PRIVATE -fno-lto)
  endif()
endfunction()
