# Profile-guided optimisation (GCC Release builds, on by default; -DCHESSTOOL_PGO=OFF skips
# it). The build first compiles an instrumented chesstool in pgo-instrumented/ (a second
# configure of this source tree), runs it once on the bundled test data
# (cmake/pgo-train.sh) and compiles the real one with the profiles it wrote to
# pgo-profile/: branch layout and inlining from real runs, about a tenth off validate's,
# convert's and annotate's time (README, Performance), for about twice the compile time.
# A later build brings the instrumented chesstool up to date first and, when a source
# changed, trains again before the changed objects are compiled, so no object meets a
# profile older than its source. GCC's profile
# warnings ("missing counts") have no switch of their own, so the objects compiled with
# the profiles do not stop on warnings; the instrumented build compiles the same sources
# with CHESSTOOL_WERROR as given, so a warning in them still stops the build. Sanitizer
# and fuzz builds never use it. A profile is found by its object's path relative to the
# build tree, which both share.
include_guard(GLOBAL)

# On by default where it can be had: a Release build with GCC, without sanitizers or fuzzing.
set(pgo_default OFF)
if(CMAKE_BUILD_TYPE STREQUAL "Release" AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT CHESSTOOL_SANITIZE
   AND NOT CHESSTOOL_BUILD_FUZZ)
  set(pgo_default ON)
endif()
option(CHESSTOOL_PGO "Profile-guided optimisation, trained on testdata/ during the build (GCC; on by default for Release; about twice the compile time)" ${pgo_default})
set(CHESSTOOL_PGO_FLAGS "")

if(CHESSTOOL_PGO)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR CHESSTOOL_SANITIZE OR CHESSTOOL_BUILD_FUZZ)
    message(FATAL_ERROR "CHESSTOOL_PGO needs GCC, and neither CHESSTOOL_SANITIZE nor CHESSTOOL_BUILD_FUZZ")
  endif()
  set(pgo_build ${PROJECT_BINARY_DIR}/pgo-instrumented)
  set(pgo_profiles ${PROJECT_BINARY_DIR}/pgo-profile)
  set(pgo_stamp ${pgo_profiles}/trained.stamp)
  cmake_host_system_information(RESULT pgo_jobs QUERY NUMBER_OF_LOGICAL_CORES)
  # The same source tree, configured like this one but instrumented and without tests, and
  # built by a cmake of its own (a nested make cannot share the jobserver: it gets the cores).
  add_custom_command(OUTPUT ${pgo_build}/CMakeCache.txt
    COMMAND ${CMAKE_COMMAND} -S ${PROJECT_SOURCE_DIR} -B ${pgo_build} -G ${CMAKE_GENERATOR}
            -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE} -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
            -DCHESSTOOL_PGO=OFF -DCHESSTOOL_LTO=OFF -DCHESSTOOL_BUILD_TESTS=OFF -DCHESSTOOL_NATIVE=${CHESSTOOL_NATIVE}
            -DCHESSTOOL_WERROR=${CHESSTOOL_WERROR}
            "-DCMAKE_CXX_FLAGS=${CMAKE_CXX_FLAGS} -fprofile-generate=${pgo_profiles} -fprofile-prefix-path=${pgo_build} -fprofile-update=prefer-atomic"
    # Configured again when this tree is (its flags and options may have changed).
    DEPENDS ${PROJECT_BINARY_DIR}/CMakeCache.txt
    COMMENT "Configuring the instrumented chesstool for the profile-guided build" VERBATIM)
  # Brought up to date on every build (incremental, about a second when nothing changed), so
  # that a changed source is trained again: a profile older than its source once failed the
  # build ("corrupted profile info: profile data is not flow-consistent").
  add_custom_target(chesstool_pgo_instrumented
    COMMAND ${CMAKE_COMMAND} --build ${pgo_build} --target chesstool --parallel ${pgo_jobs}
    DEPENDS ${pgo_build}/CMakeCache.txt
    BYPRODUCTS ${pgo_build}/chesstool
    COMMENT "Building the instrumented chesstool for the profile-guided build" VERBATIM)
  # Trained again whenever the instrumented chesstool was rebuilt.
  add_custom_command(OUTPUT ${pgo_stamp}
                     COMMAND ${CMAKE_COMMAND} -E rm -rf ${pgo_profiles}
                     COMMAND sh ${PROJECT_SOURCE_DIR}/cmake/pgo-train.sh ${pgo_build}/chesstool
                             ${PROJECT_SOURCE_DIR}/testdata ${PROJECT_BINARY_DIR}/pgo-train
                     COMMAND ${CMAKE_COMMAND} -E make_directory ${pgo_profiles}
                     COMMAND ${CMAKE_COMMAND} -E touch ${pgo_stamp}
                     DEPENDS ${pgo_build}/chesstool ${PROJECT_SOURCE_DIR}/cmake/pgo-train.sh
                     COMMENT "Training the profile-guided build on testdata/" VERBATIM)
  add_custom_target(chesstool_pgo_profile DEPENDS ${pgo_stamp})
  add_dependencies(chesstool_pgo_profile chesstool_pgo_instrumented)
  # -fprofile-partial-training: code the training never ran is optimised as without PGO,
  # not as cold. No profile for a file (eco_gen) or a changed function is no error.
  set(CHESSTOOL_PGO_FLAGS -fprofile-use=${pgo_profiles} -fprofile-prefix-path=${PROJECT_BINARY_DIR}
      -fprofile-partial-training -Wno-missing-profile -Wno-coverage-mismatch -Wno-error)
  # A new training gives every object new profiles, but an incremental build compiles only
  # the changed sources again: the training script's hash in the flags (the tree is
  # configured again when the script changes) has every object compiled with them.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/pgo-train.sh)
  file(SHA1 ${PROJECT_SOURCE_DIR}/cmake/pgo-train.sh pgo_training)
  list(APPEND CHESSTOOL_PGO_FLAGS -DCHESSTOOL_PGO_TRAINING=${pgo_training})
endif()

# Compiles target with the profiles, once the training has run.
function(chesstool_use_pgo target)
  if(CHESSTOOL_PGO)
    target_compile_options(${target} PRIVATE ${CHESSTOOL_PGO_FLAGS})
    add_dependencies(${target} chesstool_pgo_profile)
  endif()
endfunction()
